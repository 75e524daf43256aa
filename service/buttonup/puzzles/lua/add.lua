-- A puzzle kept once whatever form its position comes in: KEYS[1] maps each
-- position's canonical digest (ARGV[1]) to its puzzle; when none has it,
-- ARGV[2]'s data (ARGV[3]) and rating (ARGV[4], its number ARGV[5]) are
-- stored (KEYS[2]) and indexed by rating (KEYS[3]). The id kept is answered.
local kept = redis.call("HGET", KEYS[1], ARGV[1])
if kept then return kept end
redis.call("HSET", KEYS[2], "d", ARGV[3], "r", ARGV[4], "n", 0, "s", 0)
redis.call("ZADD", KEYS[3], ARGV[5], ARGV[2])
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
return ARGV[2]
