-- KEYS: the tournament, its standings, its ranks, its pool, its withdrawn,
-- its events.
-- ARGV: the player's id. Returns 0: not in it (or it is finished); 1: out
-- of an upcoming tournament altogether; 2: paused in a running one (out of
-- the pool; their standing stays, and a game in play counts).
local status = redis.call('HGET', KEYS[1], 's')
local id = ARGV[1]
if not status or status == 'finished' or redis.call('HEXISTS', KEYS[2], id) == 0 then
  return 0
end
if status == 'upcoming' then
  redis.call('HDEL', KEYS[2], id)
  redis.call('ZREM', KEYS[3], id)
  redis.call('SREM', KEYS[5], id)
  tell(KEYS[6], 'players', {players = redis.call('HLEN', KEYS[2])})
  return 1
end
redis.call('ZREM', KEYS[4], id)
if redis.call('SADD', KEYS[5], id) == 0 then return 0 end
return 2
