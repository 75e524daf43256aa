-- KEYS: the tournaments' schedule (each running or upcoming one by when it
-- next needs work). ARGV: now, how many to take at most, until when they
-- are held. Returns the ids due (at most the count, the longest due first),
-- each held until then: another process takes the next due ones instead.
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, id in ipairs(due) do redis.call('ZADD', KEYS[1], ARGV[3], id) end
return due
