-- KEYS: the tournament, its standings, its ranks, its pool, its withdrawn,
-- its playing, its events, each paused player's pause's end. ARGV: the
-- player's id, their standing, its rank key, now, the most players, whether
-- it pairs from a pool (an arena).
-- Returns 0: finished or gone (nothing changed); 1: joined; 2: back after a
-- withdrawal; 3: in already; 4: full; 5: paused, its pause not over
-- (tournaments.freeing).
local status = redis.call('HGET', KEYS[1], 's')
if not status or status == 'finished' then return 0 end
local id = ARGV[1]
local pooled = status == 'running' and ARGV[6] == '1'
if redis.call('HEXISTS', KEYS[2], id) == 1 then
  if redis.call('SISMEMBER', KEYS[5], id) == 0 then return 3 end
  if tonumber(redis.call('HGET', KEYS[8], id) or '0') > tonumber(ARGV[4]) then return 5 end
  redis.call('SREM', KEYS[5], id)
  if pooled and redis.call('HEXISTS', KEYS[6], id) == 0 then
    redis.call('ZADD', KEYS[4], ARGV[4], id)
  end
  return 2
end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[5]) then return 4 end
redis.call('HSET', KEYS[2], id, ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[3], id)
if pooled then redis.call('ZADD', KEYS[4], ARGV[4], id) end
tell(KEYS[7], 'players', {players = redis.call('HLEN', KEYS[2])})
return 1
