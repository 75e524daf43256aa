-- A puzzle (KEYS[1], id ARGV[1]) rated by one player's first attempt, once:
-- the attempt's mark ARGV[2] in the player's tried puzzles (KEYS[2]) says it
-- was. Compare-and-set: stored only if its rating is still ARGV[3]; then
-- ARGV[4] (its number ARGV[5]) in it and its index (KEYS[3]), a play
-- counted, and solved when ARGV[6] is 1.
-- Answers {0} rated now, {2} rated before, {1, rating now} changed since.
if redis.call("HEXISTS", KEYS[2], ARGV[2]) == 1 then return {2} end
local now = redis.call("HGET", KEYS[1], "r")
if not now then return {2} end
if now ~= ARGV[3] then return {1, now} end
redis.call("HSET", KEYS[1], "r", ARGV[4])
redis.call("HINCRBY", KEYS[1], "n", 1)
if ARGV[6] == "1" then redis.call("HINCRBY", KEYS[1], "s", 1) end
redis.call("ZADD", KEYS[3], "XX", ARGV[5], ARGV[1])
redis.call("HSET", KEYS[2], ARGV[2], 1)
return {0}
