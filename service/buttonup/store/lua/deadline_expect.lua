-- KEYS: due, marks. ARGV: game id, deadline.
redis.call('ZADD', KEYS[1], 'LT', ARGV[2], ARGV[1])
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
