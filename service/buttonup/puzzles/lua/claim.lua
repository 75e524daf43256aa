-- A player's first attempt at a puzzle (ARGV[1]), kept once: in their tried
-- puzzles (KEYS[1], with ARGV[2], what it was), their history (KEYS[2], at
-- ARGV[3]) and their counts by theme (KEYS[3]: ARGV[6..], "all" first, each
-- tried, and solved when ARGV[5] is 1); all kept ARGV[4] ms from now.
-- Answers {1, ARGV[2]} when this is the first, else {0, the first's}.
local first = redis.call("HGET", KEYS[1], ARGV[1])
if first then return {0, first} end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
redis.call("ZADD", KEYS[2], ARGV[3], ARGV[1])
for i = 6, #ARGV do
  redis.call("HINCRBY", KEYS[3], ARGV[i], 1)
  if ARGV[5] == "1" then redis.call("HINCRBY", KEYS[3], ARGV[i] .. ":solved", 1) end
end
for i = 1, 3 do redis.call("PEXPIRE", KEYS[i], ARGV[4]) end
return {1, ARGV[2]}
