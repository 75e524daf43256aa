-- KEYS: the pairings, the pairings by when. ARGV: the newest mark to take,
-- count, the lease's end. Returns game id, record, ... for each taken; a
-- mark whose pairing is gone is dropped.
local found = {}
for _, game_id in ipairs(lease_due(KEYS[2], ARGV[1], ARGV[2], ARGV[3])) do
  local record = redis.call('HGET', KEYS[1], game_id)
  if record then
    found[#found + 1] = game_id
    found[#found + 1] = record
  else
    redis.call('ZREM', KEYS[2], game_id)
  end
end
return found
