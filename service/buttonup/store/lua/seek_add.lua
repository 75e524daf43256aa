-- ARGV: now (ms), how long a stream's mark lasts (ms), the seek (JSON), its id,
-- the game id a pairing makes, the coin that draws colours when neither asks,
-- how long a seek whose player is not listening is kept (ms) before it goes.
-- The player's seek of the same category is replaced. Returns {0} the player
-- has no stream open (nothing changed), {1} waiting, {2, the opponent's seek}
-- paired: both seeks and every other seek of both players are gone, and the
-- pairing is kept until its game is made (`pairing_done`).
local now = tonumber(ARGV[1])
local alive_since = now - tonumber(ARGV[2])
local mine = cjson.decode(ARGV[3])
if not online(mine['p'], alive_since) then return {0} end
local pool = KEYS[FIRST_POOL + mine['k']]
local field = mine['p'] .. ':' .. mine['k']
local old = redis.call('HGET', KEYS[2], field)
if old then
  local stored = redis.call('HGET', KEYS[1], old)
  if stored then drop(old, cjson.decode(stored)) end
end
for _, id in ipairs(redis.call('ZRANGE', pool, 0, -1)) do
  local stored = redis.call('HGET', KEYS[1], id)
  if not stored then
    redis.call('ZREM', pool, id)
  else
    local other = cjson.decode(stored)
    if not online(other['p'], alive_since) then
      -- Not paired while its player is not listening; dropped once long gone
      -- (a stream may be back within a beat, on another process).
      if not online(other['p'], now - tonumber(ARGV[7])) then drop(id, other) end
    elseif accepts(mine, other) and accepts(other, mine) then
      drop_players_seeks(other['p'])
      drop_players_seeks(mine['p'])
      redis.call('HSET', KEYS[4], ARGV[5], ARGV[6] .. '\n' .. stored .. '\n' .. ARGV[3])
      redis.call('ZADD', KEYS[5], now, ARGV[5])
      return {2, stored}
    end
  end
end
redis.call('HSET', KEYS[1], ARGV[4], ARGV[3])
redis.call('ZADD', pool, mine['t'], ARGV[4])
redis.call('HSET', KEYS[2], field, ARGV[4])
return {1}
