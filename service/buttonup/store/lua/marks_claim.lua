-- KEYS: the marks (consequence and game, by when each was marked, ms). ARGV:
-- the newest mark to take, count, the lease's end.
return lease_due(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
