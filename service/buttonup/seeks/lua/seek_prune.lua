-- KEYS: who listens (hash player -> process ids), the processes' beats.
-- ARGV: the scan's cursor, how many entries to look at, the oldest beat
-- kept (older: long dead). Each entry looked at keeps its live processes (none: gone). Returns
-- the next cursor (0: a round is done).
local found = redis.call('HSCAN', KEYS[1], ARGV[1], 'COUNT', ARGV[2])
local entries = found[2]
for i = 1, #entries, 2 do
  local kept = {}
  for process in string.gmatch(entries[i + 1], '%S+') do
    local beat = redis.call('ZSCORE', KEYS[2], process)
    if beat and tonumber(beat) >= tonumber(ARGV[3]) then kept[#kept + 1] = process end
  end
  if #kept == 0 then
    redis.call('HDEL', KEYS[1], entries[i])
  elseif #kept ~= select(2, string.gsub(entries[i + 1], '%S+', '')) then
    redis.call('HSET', KEYS[1], entries[i], table.concat(kept, ' '))
  end
end
return found[1]
