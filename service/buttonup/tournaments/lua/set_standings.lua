-- KEYS: the standings, the ranks. ARGV: for each player: their id, their
-- standing, its rank key. A Swiss round's tie-breaks, written at once.
for index = 1, #ARGV, 3 do
  redis.call('HSET', KEYS[1], ARGV[index], ARGV[index + 1])
  redis.call('ZADD', KEYS[2], ARGV[index + 2], ARGV[index])
end
return 1
