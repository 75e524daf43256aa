-- KEYS: the player's ratings by pool, the results rated (id -> pool).
-- ARGV: the result's id, its pool, the pool's rating as the caller read it
-- ("" for none), the rating after the result, ttl ms.
-- Returns {1, current} read afresh (the rating changed since), {2, rating}
-- rated already (an earlier report of it), {3, rating} rated now.
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  return {2, redis.call('HGET', KEYS[1], ARGV[2]) or ''}
end
local current = redis.call('HGET', KEYS[1], ARGV[2]) or ''
if current ~= ARGV[3] then return {1, current} end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[4])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return {3, ARGV[4]}
