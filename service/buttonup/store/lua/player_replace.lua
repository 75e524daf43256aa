-- KEYS: a player's record. ARGV: the record as it was read, the record now.
-- The record replaced (its expiry kept) only if it is still as it was read:
-- 1, else 0 (changed since, or gone).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
return 1
