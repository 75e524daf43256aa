-- KEYS: the rated games whose end may not be applied yet (game id by when
-- it was marked, ms). ARGV: the newest mark to take, count, lease's end.
return lease_due(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
