-- KEYS: the pairings, the pairings by when. ARGV: the newest mark to take,
-- count, the lease's end. Returns game id, record, ... for each taken (marked
-- at the lease's end, so that other sweepers leave it).
local found = {}
for _, game_id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])) do
  local record = redis.call('HGET', KEYS[1], game_id)
  if record then
    redis.call('ZADD', KEYS[2], ARGV[3], game_id)
    found[#found + 1] = game_id
    found[#found + 1] = record
  else
    redis.call('ZREM', KEYS[2], game_id)
  end
end
return found
