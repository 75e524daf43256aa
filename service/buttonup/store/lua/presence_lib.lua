-- Publishes a presence entry on the game's stream, which lives as long as the
-- game, and rings the games' doorbell (KEYS[4], where there is one).
local function publish()
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', EVENTS_KEPT, '*', 'p', '1')
  if KEYS[4] then
    redis.call('XADD', KEYS[4], 'MAXLEN', '~', DOORBELL_KEPT, '*', 'k', KEYS[2])
  end
  if redis.call('PTTL', KEYS[2]) < 0 then
    local ttl = redis.call('PTTL', KEYS[3])
    if ttl <= 0 then ttl = 60000 end
    redis.call('PEXPIRE', KEYS[2], ttl)
  end
end
-- Whether `color` holds a connection other than `except` on a worker of
-- `alive` (nil: on any worker).
local function has_live(color, alive, except)
  local prefix = 'c:' .. color .. ':'
  local fields = redis.call('HGETALL', KEYS[1])
  for i = 1, #fields, 2 do
    local name = fields[i]
    if name ~= except and string.sub(name, 1, #prefix) == prefix
        and (alive == nil or alive[fields[i + 1]]) then
      return true
    end
  end
  return false
end
local function set_of(first)  -- ARGV[first..]: the live workers
  local alive = {}
  for i = first, #ARGV do alive[ARGV[i]] = true end
  return alive
end
local function keep_as_long_as_the_game()
  local ttl = redis.call('PTTL', KEYS[3])
  if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
end
