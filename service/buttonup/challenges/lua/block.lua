-- A player (KEYS[1]: whom they block) blocks ARGV[1], unless they block
-- ARGV[2] players already: 1 the block holds (made now, or before), 0 full.
-- One script, so that two blocks at once never pass the bound together.
local blocks = KEYS[1]
if redis.call("SISMEMBER", blocks, ARGV[1]) == 1 then return 1 end
if redis.call("SCARD", blocks) >= tonumber(ARGV[2]) then return 0 end
redis.call("SADD", blocks, ARGV[1])
return 1
