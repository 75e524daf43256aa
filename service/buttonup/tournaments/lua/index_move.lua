-- KEYS: the tournaments of its former status, of its new one, the public
-- ones of each, its creator's open ones, the schedule. ARGV: its id, its
-- order in the new status, whether it is listed, whether it is finished (no
-- longer open), how many finished ones are kept listed, now.
-- A tournament that runs is due now (its first pairing); a finished one
-- leaves the schedule.
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
if ARGV[3] == '1' then redis.call('ZADD', KEYS[4], ARGV[2], ARGV[1]) end
if ARGV[4] == '1' then
  redis.call('ZREM', KEYS[5], ARGV[1])
  redis.call('ZREM', KEYS[6], ARGV[1])
  local keep = tonumber(ARGV[5])
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -keep - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[4], 0, -keep - 1)
else
  redis.call('ZADD', KEYS[6], 'LT', ARGV[6], ARGV[1])
end
return 1
