-- KEYS: due, marks. ARGV: now, count, lease's end. Returns {id, mark, ...}.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
local claimed = {}
for _, game_id in ipairs(due) do
  redis.call('ZADD', KEYS[1], ARGV[3], game_id)
  claimed[#claimed + 1] = game_id
  claimed[#claimed + 1] = redis.call('HGET', KEYS[2], game_id) or '0'
end
return claimed
