-- KEYS: who listens (hash player -> process ids), the processes' beats.
-- ARGV: this process, now (ms), the oldest beat kept (older: long dead), then the players whose
-- stream it holds. It beats, and is named beside each player (their dead
-- processes dropped as it is).
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
for i = 4, #ARGV do
  local kept = {ARGV[1]}
  local held = redis.call('HGET', KEYS[1], ARGV[i])
  if held then
    for process in string.gmatch(held, '%S+') do
      local beat = redis.call('ZSCORE', KEYS[2], process)
      if process ~= ARGV[1] and beat and tonumber(beat) >= tonumber(ARGV[3]) then
        kept[#kept + 1] = process
      end
    end
  end
  redis.call('HSET', KEYS[1], ARGV[i], table.concat(kept, ' '))
end
return 1
