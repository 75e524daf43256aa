-- KEYS: the tournament, its standings, its pool, its withdrawn, its events.
-- ARGV: the round it is expected at, the next round, its new record, now.
-- A Swiss's next round: its players not withdrawn in the pool, to pair.
-- Returns 1 when changed, 0 when it was not at the expected round.
if redis.call('HGET', KEYS[1], 's') ~= 'running' or
    redis.call('HGET', KEYS[1], 'r') ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'r', ARGV[2], 'd', ARGV[3])
redis.call('DEL', KEYS[3])
pool_everyone(KEYS[2], KEYS[3], KEYS[4], ARGV[4])
tell(KEYS[5], 'round_over', {round = tonumber(ARGV[1])})
tell(KEYS[5], 'round_start', {round = tonumber(ARGV[2])})
return 1
