-- ARGV: the seek's id, the player asking. Returns 1 when it was theirs and open.
local stored = redis.call('HGET', KEYS[1], ARGV[1])
if not stored then return 0 end
local seek = cjson.decode(stored)
if seek['p'] ~= ARGV[2] then return 0 end
drop(ARGV[1], seek)
return 1
