-- KEYS: the player's record, the games applied to it, the rating history, the
-- player's rated games ended and not applied yet (the game leaves it here).
-- ARGV: game id, category, the category's rating as the caller read it ("" for
-- none), the rating after the game, the count the result adds to ("w" or "l";
-- "" for none), the history entry, ttl ms.
-- Returns {0} no such player, {1, current} read afresh, {2, rating} applied
-- already (by an earlier call), {3, rating} applied now.
redis.call('SREM', KEYS[4], ARGV[1])
local stored = redis.call('GET', KEYS[1])
if not stored then return {0} end
local player = cjson.decode(stored)
local ratings = player['r'] or {}
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then
  return {2, ratings[ARGV[2]] or ''}
end
local current = ratings[ARGV[2]] or ''
if current ~= ARGV[3] then return {1, current} end
ratings[ARGV[2]] = ARGV[4]
player['r'] = ratings
if ARGV[5] ~= '' then player[ARGV[5]] = (player[ARGV[5]] or 0) + 1 end
redis.call('SET', KEYS[1], cjson.encode(player), 'PX', ARGV[7])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[7])
redis.call('RPUSH', KEYS[3], ARGV[6])
redis.call('LTRIM', KEYS[3], -HISTORY_KEPT, -1)
redis.call('PEXPIRE', KEYS[3], ARGV[7])
return {3, ARGV[4]}
