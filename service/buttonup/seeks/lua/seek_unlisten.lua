-- KEYS: who listens (hash player -> process ids). ARGV: this process, the
-- player whose last stream here closed.
local held = redis.call('HGET', KEYS[1], ARGV[2])
if not held then return 0 end
local kept = {}
for process in string.gmatch(held, '%S+') do
  if process ~= ARGV[1] then kept[#kept + 1] = process end
end
name_holders(KEYS[1], ARGV[2], kept)
return 1
