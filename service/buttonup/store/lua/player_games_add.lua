-- KEYS: the index, the relayed versions, the games heard over, the agenda of
-- games in play and of those waiting. ARGV: game id,
-- when the seat was taken, the version relaying starts after, GAMES_KEPT, ttl ms.
redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1])
local kept = tonumber(ARGV[4])
local dropped = redis.call('ZRANGE', KEYS[1], 0, -(kept + 1))
if #dropped > 0 then
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(kept + 1))
  redis.call('HDEL', KEYS[2], unpack(dropped))
  redis.call('SREM', KEYS[3], unpack(dropped))
  redis.call('ZREM', KEYS[4], unpack(dropped))
  redis.call('ZREM', KEYS[5], unpack(dropped))
end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3])
end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
