-- KEYS: presence, events, game[, the games' doorbell]. ARGV: colour, connection, worker, now, then
-- the live workers. Returns 1 when the seat became connected.
local field = 'c:' .. ARGV[1] .. ':' .. ARGV[2]
local had = has_live(ARGV[1], set_of(5), field)
redis.call('HSET', KEYS[1], field, ARGV[3])
keep_as_long_as_the_game()
if had then return 0 end
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], ARGV[4])
publish()
return 1
