-- KEYS: the category's board (a sorted set of player ids by rating), the
-- games count each entry is as of. ARGV: player id, rating, games, "1" when
-- provisional (kept off the board). A count no newer than the one the board
-- holds changes nothing, so entries written out of order settle on the newest.
local seen = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '-1')
if tonumber(ARGV[3]) <= seen then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
if ARGV[4] == '1' then
  redis.call('ZREM', KEYS[1], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
end
return 1
