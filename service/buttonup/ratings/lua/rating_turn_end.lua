-- KEYS: a player's turn to have a rated game end. ARGV: its holder.
-- Let go only by its holder (a lease that ran out may be another's now).
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
