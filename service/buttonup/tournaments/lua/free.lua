-- KEYS: the players busy in a tournament's game (id: "<game id> <since>"),
-- the tournaments' schedule. ARGV: a game's id, a tournament to make due
-- ('' none: as `poke` does), now, then the players the game held. Each is
-- let go unless a later game holds them already.
for index = 4, #ARGV do
  local held = redis.call('HGET', KEYS[1], ARGV[index])
  if held and string.sub(held, 1, #ARGV[1] + 1) == ARGV[1] .. ' ' then
    redis.call('HDEL', KEYS[1], ARGV[index])
  end
end
if ARGV[2] ~= '' then redis.call('ZADD', KEYS[2], 'LT', ARGV[3], ARGV[2]) end
return 1
