-- A value (KEYS[1]) replaced by ARGV[2] if it is still ARGV[1] ("" for
-- none), kept ARGV[3] ms: 1, or 0 when it changed since it was read.
local now = redis.call("GET", KEYS[1]) or ""
if now ~= ARGV[1] then return 0 end
redis.call("SET", KEYS[1], ARGV[2], "PX", ARGV[3])
return 1
