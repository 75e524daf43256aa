-- KEYS: each player's stream, relayed versions, finished games and two agendas, then the doorbell when
-- ARGV[2] is "1". ARGV: the payload, whether to ring.
return relay(1, ARGV[1], true, ARGV[2] == '1' and KEYS[#KEYS] or nil)
