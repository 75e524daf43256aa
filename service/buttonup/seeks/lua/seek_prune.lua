-- KEYS: who listens (hash player -> process ids), the processes' beats.
-- ARGV: the scan's cursor, how many entries to look at, the oldest beat
-- kept (older: long dead). Each entry looked at keeps its processes not
-- long dead (none: gone). Returns the next cursor (0: a round is done).
local found = redis.call('HSCAN', KEYS[1], ARGV[1], 'COUNT', ARGV[2])
local entries = found[2]
for i = 1, #entries, 2 do
  local kept, named = live_holders(entries[i + 1], KEYS[2], tonumber(ARGV[3]))
  if #kept ~= named then name_holders(KEYS[1], entries[i], kept) end
end
return found[1]
