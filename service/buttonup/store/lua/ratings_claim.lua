-- KEYS: the rated games whose end may not be applied yet (game id by when
-- it was marked, ms). ARGV: the newest mark to take, count, lease's end.
-- Each taken is marked at the lease's end, so that other sweepers leave it.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, game_id in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[3], game_id)
end
return due
