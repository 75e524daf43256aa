-- KEYS: due, marks. ARGV: now, count, lease's end. Returns {id, mark, ...}.
local claimed = {}
for _, game_id in ipairs(lease_due(KEYS[1], ARGV[1], ARGV[2], ARGV[3])) do
  claimed[#claimed + 1] = game_id
  claimed[#claimed + 1] = redis.call('HGET', KEYS[2], game_id) or '0'
end
return claimed
