-- KEYS: presence, events, game[, the games' doorbell]. ARGV: colour, connection, now, then the live
-- workers. Returns 1 when the seat became disconnected.
local field = 'c:' .. ARGV[1] .. ':' .. ARGV[2]
if redis.call('HDEL', KEYS[1], field) == 0 then return 0 end
if has_live(ARGV[1], set_of(4), field) then return 0 end
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], ARGV[3])
publish()
return 1
