-- KEYS: due, marks. ARGV: game id, the mark seen at the claim, the game's
-- deadline ("" when no clock runs). Returns 1 when settled, 0 when a commit
-- came in between.
if (redis.call('HGET', KEYS[2], ARGV[1]) or '0') ~= ARGV[2] then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
end
return 1
