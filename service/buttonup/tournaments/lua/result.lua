-- KEYS: the tournament, its standings, its ranks, the results counted, its
-- pool, its playing, its withdrawn, its events, the second games by the
-- first's id, the pairings pending, the pending by when, its games, each
-- player's games ended unplayed (faults), each paused player's pause's end.
-- ARGV: the game's id, its result's record, now, its first player's id, its
-- second's, the players who ended it unplayed (space-separated, '' none:
-- each paused, PAUSE_STEP_MS doubling from their second such game, at most
-- PAUSE_MAX_MS, before they may join again), the result
-- as its event tells it, that event's name (`result`, or `bye`), then (when
-- the game counts) for each of the two: their id, their standing as read,
-- as it is now to be, its rank key.
-- Returns 0 when the game was counted already, -1 when a standing changed
-- since it was read (read again, and retry), 1 when counted now. Each player
-- is free for another game, and back in the pool while the tournament pairs
-- from one (an arena whose time runs) unless they withdrew; a player who
-- never made their first move is withdrawn (paused until they join again).
-- A game that has a second (a par-scored pairing's, seats swapped) keeps its
-- players for it: the second is due now, for the next pairing pass to make,
-- unless a player never showed (then it is dropped).
local game_id, now = ARGV[1], tonumber(ARGV[3])
if redis.call('HEXISTS', KEYS[4], game_id) == 1 then return 0 end
for index = 9, #ARGV, 4 do
  if redis.call('HGET', KEYS[2], ARGV[index]) ~= ARGV[index + 1] then return -1 end
end
redis.call('HSET', KEYS[4], game_id, ARGV[2])
local repooled = redis.call('HGET', KEYS[1], 's') == 'running' and
  redis.call('HGET', KEYS[1], 'p') == '1' and
  tonumber(redis.call('HGET', KEYS[1], 'e') or '0') > now
local no_show = ARGV[6]
for id in string.gmatch(no_show, '%S+') do
  if redis.call('HEXISTS', KEYS[2], id) == 1 then
    redis.call('SADD', KEYS[7], id)
    local faults = redis.call('HINCRBY', KEYS[13], id, 1)
    if faults >= 2 then
      local pause = math.min(PAUSE_MAX_MS, PAUSE_STEP_MS * 2 ^ (faults - 2))
      redis.call('HSET', KEYS[14], id, now + pause)
    end
  end
end
for _, id in ipairs({ARGV[4], ARGV[5]}) do
  if redis.call('HGET', KEYS[6], id) == game_id then redis.call('HDEL', KEYS[6], id) end
  if repooled and redis.call('SISMEMBER', KEYS[7], id) == 0 and
      redis.call('HEXISTS', KEYS[6], id) == 0 then
    redis.call('ZADD', KEYS[5], now, id)
  end
end
local second_game = redis.call('HGET', KEYS[9], game_id)
if second_game then
  redis.call('HDEL', KEYS[9], game_id)
  if no_show ~= '' then
    redis.call('HDEL', KEYS[10], second_game)
  else
    local red, black = ARGV[5], ARGV[4]
    redis.call('HSET', KEYS[6], red, second_game, black, second_game)
    redis.call('ZADD', KEYS[11], now, second_game)
    redis.call('ZADD', KEYS[12], now, second_game)
    tell(KEYS[8], 'pairing', {game_id = second_game, red = red, black = black,
      round = tonumber(redis.call('HGET', KEYS[1], 'q') or '0')})
  end
end
local top = false
for index = 9, #ARGV, 4 do
  redis.call('HSET', KEYS[2], ARGV[index], ARGV[index + 2])
  redis.call('ZADD', KEYS[3], ARGV[index + 3], ARGV[index])
  local rank = redis.call('ZREVRANK', KEYS[3], ARGV[index])
  if rank and rank < TOP_SHOWN then top = true end
end
tell(KEYS[8], ARGV[8], ARGV[7])
if top then
  tell(KEYS[8], 'standings', {top = redis.call('ZREVRANGE', KEYS[3], 0, TOP_SHOWN - 1)})
end
return 1
