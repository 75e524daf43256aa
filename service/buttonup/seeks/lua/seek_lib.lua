-- Seeks (store.seeks). KEYS: 1 the seeks (hash id -> the seek as JSON), 2 each
-- player's seek by category (hash "<player>:<category index>" -> id), 3 who has
-- a stream open (hash player -> the processes holding it: seeks.listening), 4
-- the pairings made and not yet completed (hash game id -> record), 5 the same
-- by when (sorted set), 6 the processes' beats (sorted set process -> ms),
-- 7.. one pool per category (sorted set id -> when sought), in Category order,
-- then for each category, for each colour asked (red, black, none), the same
-- seeks by rating (sorted set id -> rating): where a new seek looks for its
-- opponent, reading only what its colour and its range allow.
local FIRST_POOL = 7
local CATEGORIES = (#KEYS - FIRST_POOL + 1) / 4
local FIRST_RATED = FIRST_POOL + CATEGORIES
local COLOURS = {red = 0, black = 1}
COLOURS[''] = 2

local function rated_pool(category, colour)
  return KEYS[FIRST_RATED + 3 * category + COLOURS[colour]]
end

local function online(player, alive_since)
  return #live_holders(redis.call('HGET', KEYS[3], player), KEYS[6], alive_since) > 0
end

local function drop(id, seek)
  redis.call('HDEL', KEYS[1], id)
  redis.call('ZREM', KEYS[FIRST_POOL + seek['k']], id)
  redis.call('ZREM', rated_pool(seek['k'], seek['o']), id)
  local field = seek['p'] .. ':' .. seek['k']
  if redis.call('HGET', KEYS[2], field) == id then
    redis.call('HDEL', KEYS[2], field)
  end
end

local function drop_players_seeks(player)
  for category = 0, CATEGORIES - 1 do
    local field = player .. ':' .. category
    local id = redis.call('HGET', KEYS[2], field)
    if id then
      local stored = redis.call('HGET', KEYS[1], id)
      if stored then drop(id, cjson.decode(stored)) else redis.call('HDEL', KEYS[2], field) end
    end
  end
end

-- Whether seek `a` takes `b` as its opponent (engine.seeks.Seek.accepts).
local function accepts(a, b)
  if a['p'] == b['p'] or a['g'] ~= b['g'] then return false end
  if a['o'] ~= '' and a['o'] == b['o'] then return false end
  if a['lo'] ~= nil and (b['r'] < a['lo'] or b['r'] > a['hi']) then return false end
  return true
end
