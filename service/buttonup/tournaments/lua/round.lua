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
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
  if redis.call('SISMEMBER', KEYS[4], id) == 0 then
    redis.call('ZADD', KEYS[3], ARGV[4], id)
  end
end
for _, told in ipairs({{'round_over', ARGV[1]}, {'round_start', ARGV[2]}}) do
  redis.call('XADD', KEYS[5], 'MAXLEN', '~', EVENTS_KEPT, '*', 'v', 0, 'e', told[1],
    'd', cjson.encode({round = tonumber(told[2])}))
end
return 1
