-- KEYS: the players busy in a tournament's game (id: "<game id> <since>").
-- ARGV: a game's id, then the players it held. Each is let go unless a
-- later game holds them already.
for index = 2, #ARGV do
  local held = redis.call('HGET', KEYS[1], ARGV[index])
  if held and string.sub(held, 1, #ARGV[1] + 1) == ARGV[1] .. ' ' then
    redis.call('HDEL', KEYS[1], ARGV[index])
  end
end
return 1
