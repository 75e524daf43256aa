-- KEYS: the pairings pending, the pending by when, its events.
-- ARGV: the ids of the games made.
-- Each pending pairing whose game is made now let go, and told as a
-- `pairing` then: so a pairing is told only once its game can be read, and
-- once however often its game is made.
for _, game_id in ipairs(ARGV) do
  local record = redis.call('HGET', KEYS[1], game_id)
  if record then
    redis.call('HDEL', KEYS[1], game_id)
    redis.call('ZREM', KEYS[2], game_id)
    local pair = cjson.decode(record)  -- {first, second, its round or null}
    tell(KEYS[3], 'pairing',
      {game_id = game_id, red = pair[1], black = pair[2], round = pair[3] or cjson.null})
  end
end
return 0
