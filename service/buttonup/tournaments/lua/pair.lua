-- KEYS: the pool, its playing, the pairings pending, the pending by when,
-- its games, the tournament, its events, the rounds' deals, the second
-- games, whom each player met lately (an arena's: {opponent: when}, those
-- of the last REMEET_MS).
-- ARGV: now, when a pending pairing is overdue, the round these games are (a
-- Swiss's: '' for an arena's), the round's bye (its player; ''), the seed of
-- the round's deals (a par-scored round's; ''), then for each game: its id,
-- the first player's id, the second's, the pairing's record ({first,
-- second, round}), and the game it follows ('' none).
-- Each game whose two players are both still in the pool takes them out of
-- it and is kept pending until made; returns the ids of those. A game that
-- follows another (a par-scored pairing's second, seats swapped) is kept
-- for when the first is counted (tournaments.freeing), and only if the first was
-- kept now. A Swiss round is paired once: the round, its bye and its deals'
-- seed are kept with the tournament as its games are, and a round paired
-- already pairs nothing.
local round = ARGV[3]
if round ~= '' then
  if redis.call('HGET', KEYS[6], 'q') == round then return {} end
  redis.call('HSET', KEYS[6], 'q', round, 'b', ARGV[4])
  if ARGV[4] ~= '' then redis.call('ZREM', KEYS[1], ARGV[4]) end
  if ARGV[5] ~= '' then redis.call('HSET', KEYS[8], round, ARGV[5]) end
end
local made, kept = {}, {}
local function met(id, other)
  local recent = {}
  local kept_since = tonumber(ARGV[1]) - REMEET_MS
  local stored = redis.call('HGET', KEYS[10], id)
  if stored then
    for opponent, at in pairs(cjson.decode(stored)) do
      if at >= kept_since then recent[opponent] = at end
    end
  end
  recent[other] = tonumber(ARGV[1])
  redis.call('HSET', KEYS[10], id, cjson.encode(recent))
end
for index = 6, #ARGV, 5 do
  local game_id, first, second = ARGV[index], ARGV[index + 1], ARGV[index + 2]
  local follows = ARGV[index + 4]
  if follows ~= '' then
    if kept[follows] then
      redis.call('HSET', KEYS[3], game_id, ARGV[index + 3])
      redis.call('HSET', KEYS[9], follows, game_id)
    end
  elseif redis.call('ZSCORE', KEYS[1], first) and redis.call('ZSCORE', KEYS[1], second) then
    redis.call('ZREM', KEYS[1], first, second)
    redis.call('HSET', KEYS[2], first, game_id, second, game_id)
    redis.call('HSET', KEYS[3], game_id, ARGV[index + 3])
    redis.call('ZADD', KEYS[4], ARGV[2], game_id)
    redis.call('ZADD', KEYS[5], ARGV[1], game_id)
    made[#made + 1] = game_id
    kept[game_id] = true
    if round == '' then
      met(first, second)
      met(second, first)
    end
  end
end
return made
