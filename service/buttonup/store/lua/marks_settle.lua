-- KEYS: the marks. ARGV: a mark's member, the score it was taken with. Out
-- unless marked again since (a commit on its way).
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '-1') == tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
return 0
