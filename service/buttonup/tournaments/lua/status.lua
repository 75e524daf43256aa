-- KEYS: the tournament, its standings, its pool, its withdrawn.
-- ARGV: the status it is expected at, the new status, its new record, now,
-- whether it pairs from a pool (an arena: its players go to the pool as it
-- starts), when its pairing ends (ms; 0: never by time).
-- Returns 1 when changed, 0 when it was not at the expected status.
if redis.call('HGET', KEYS[1], 's') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 's', ARGV[2], 'd', ARGV[3], 'p', ARGV[5], 'e', ARGV[6])
if ARGV[5] == '1' and ARGV[2] == 'running' and ARGV[1] == 'upcoming' then
  for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
    if redis.call('SISMEMBER', KEYS[4], id) == 0 then
      redis.call('ZADD', KEYS[3], ARGV[4], id)
    end
  end
end
if ARGV[2] == 'finished' then redis.call('DEL', KEYS[3]) end
return 1
