-- KEYS: who listens (hash player -> process ids). ARGV: this process, the
-- player whose last stream here closed.
local held = redis.call('HGET', KEYS[1], ARGV[2])
if not held then return 0 end
local kept = {}
for process in string.gmatch(held, '%S+') do
  if process ~= ARGV[1] then kept[#kept + 1] = process end
end
if #kept == 0 then
  redis.call('HDEL', KEYS[1], ARGV[2])
else
  redis.call('HSET', KEYS[1], ARGV[2], table.concat(kept, ' '))
end
return 1
