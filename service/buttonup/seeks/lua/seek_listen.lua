-- KEYS: who listens (hash player -> process ids), the processes' beats.
-- ARGV: this process, now (ms), the oldest beat kept (older: long dead),
-- then the players whose stream it holds. It beats, and is named beside
-- each player (their long-dead processes dropped as it is).
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
local since = tonumber(ARGV[3])
for i = 4, #ARGV do
  local others = live_holders(redis.call('HGET', KEYS[1], ARGV[i]), KEYS[2], since, ARGV[1])
  table.insert(others, 1, ARGV[1])
  name_holders(KEYS[1], ARGV[i], others)
end
return 1
