-- KEYS: presence, events, game[, the games' doorbell]. ARGV: the dead worker, its last beat.
-- Its connections go; each seat left without one is disconnected since then.
local fields = redis.call('HGETALL', KEYS[1])
local dropped = {}
for i = 1, #fields, 2 do
  if fields[i + 1] == ARGV[1] and string.sub(fields[i], 1, 2) == 'c:' then
    redis.call('HDEL', KEYS[1], fields[i])
    dropped[string.match(fields[i], '^c:(%a+):')] = true
  end
end
local changed = false
for color in pairs(dropped) do
  if not has_live(color, nil, nil) then
    redis.call('HSET', KEYS[1], 's:' .. color, ARGV[2])
    changed = true
  end
end
if changed then publish() end
return changed and 1 or 0
