-- KEYS: the rated games a pair of players started (game id by ms started).
-- ARGV: game id, limit, now (ms), window ms.
-- Returns {} when the game is counted (now or before), else the starts in
-- the window that stand in the way, as game id, ms pairs.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (tonumber(ARGV[3]) - tonumber(ARGV[4])))
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {} end
local started = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
if #started / 2 >= tonumber(ARGV[2]) then return started end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return {}
