-- A notice for a player from a wing (store.inbox), appended to the player's
-- stream among their games' notices, and, when it stands until answered,
-- kept where a stream opened afresh finds it.
-- KEYS: the player's stream, their standing notices, then the doorbell when
-- ARGV[7] is "1". ARGV: the notice's name, its data (JSON), the key it stands
-- under ('' for none), the entries the stream keeps, the ttl (ms), the most
-- notices that stand at once, whether to ring.
-- Answers {position, stands}: `stands` 1 when it stands (or replaced one
-- under its key), 0 when it does not or the player has as many as may.
local position = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'i', ARGV[1], 'd', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
local stands = 0
if ARGV[3] ~= '' then
  if redis.call('HEXISTS', KEYS[2], ARGV[3]) == 1 or redis.call('HLEN', KEYS[2]) < tonumber(ARGV[6]) then
    redis.call('HSET', KEYS[2], ARGV[3], cjson.encode({position, ARGV[1], ARGV[2]}))
    redis.call('PEXPIRE', KEYS[2], ARGV[5])
    stands = 1
  end
end
if ARGV[7] == '1' then
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', DOORBELL_KEPT, '*', 'k', KEYS[1])
end
return {position, stands}
