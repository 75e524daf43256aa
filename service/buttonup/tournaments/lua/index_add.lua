-- KEYS: its creator's open tournaments, the upcoming ones (by when they
-- start), the public upcoming ones, the schedule (by when each next needs
-- work). ARGV: the tournament's id, when it starts (ms; 'inf': when its
-- creator starts it), whether it is listed, how many a player may have open
-- (upcoming or running) at once.
-- Returns 1 when listed, 0 when its creator has as many open as they may.
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
if ARGV[3] == '1' then redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1]) end
if ARGV[2] ~= 'inf' then redis.call('ZADD', KEYS[4], ARGV[2], ARGV[1]) end
return 1
