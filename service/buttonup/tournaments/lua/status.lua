-- KEYS: the tournament, its standings, its pool, its withdrawn, its events.
-- ARGV: the status it is expected at, the new status, its new record, now,
-- whether it pairs from its pool as games end (an arena), when that pairing
-- ends (ms; 0: never by time), whether its players go to the pool now (it
-- starts), its round, whether it is played in rounds (a Swiss).
-- Returns 1 when changed, 0 when it was not at the expected status.
if redis.call('HGET', KEYS[1], 's') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 's', ARGV[2], 'd', ARGV[3], 'p', ARGV[5], 'e', ARGV[6],
  'r', ARGV[8])
if ARGV[7] == '1' then pool_everyone(KEYS[2], KEYS[3], KEYS[4], ARGV[4]) end
local function told(name, data) tell(KEYS[5], name, data) end
told('tournament', {status = ARGV[2]})
if ARGV[9] == '1' and ARGV[2] == 'running' then told('round_start', {round = tonumber(ARGV[8])}) end
if ARGV[2] == 'finished' then
  redis.call('DEL', KEYS[3])
  if ARGV[9] == '1' and ARGV[1] == 'running' then
    told('round_over', {round = tonumber(ARGV[8])})
  end
  told('finished', {})
end
return 1
