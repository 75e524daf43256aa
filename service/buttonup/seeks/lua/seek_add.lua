-- ARGV: now (ms), how long a stream's mark lasts (ms), the seek (JSON), its id,
-- the game id a pairing makes, the coin that draws colours when neither asks,
-- how long a seek whose player is not listening is kept (ms) before it goes,
-- how many seeks to read on each side of its rating in each pool it may pair
-- from, and the id of the one waiting seek it answers ('' for none). The
-- player's seek of the same category is replaced. The opponent is the seek it
-- answers, else the oldest that suits of the seeks read: those nearest its
-- rating, within its range, whose colour it allows (its cost is what it
-- reads, whatever waits). Returns {0} the player has no stream open (nothing
-- changed), {1} waiting, {2, the opponent's seek} paired: both seeks and
-- every other seek of both players are gone, and the pairing is kept until
-- its game is made (`pairing_done`); {3} the seek it answers is gone or does
-- not suit (nothing changed).
local now = tonumber(ARGV[1])
local alive_since = now - tonumber(ARGV[2])
local mine = cjson.decode(ARGV[3])
local reads = tonumber(ARGV[8])
if not online(mine['p'], alive_since) then return {0} end
local answered = ARGV[9]
local best, best_seek, best_stored
if answered ~= '' then
  best_stored = redis.call('HGET', KEYS[1], answered)
  if not best_stored then return {3} end
  best, best_seek = answered, cjson.decode(best_stored)
  local suits = accepts(mine, best_seek) and accepts(best_seek, mine)
  if not suits or not online(best_seek['p'], alive_since) then return {3} end
end
local field = mine['p'] .. ':' .. mine['k']
local old = redis.call('HGET', KEYS[2], field)
if old then
  local stored = redis.call('HGET', KEYS[1], old)
  if stored then drop(old, cjson.decode(stored)) end
end
local low, high = '-inf', '+inf'
if mine['lo'] ~= nil then low, high = mine['lo'], mine['hi'] end
local rating = string.format('%.17g', mine['r'])
for _, colour in ipairs({'red', 'black', ''}) do
  if answered == '' and (mine['o'] == '' or colour ~= mine['o']) then
    local pool = rated_pool(mine['k'], colour)
    local near = redis.call('ZREVRANGEBYSCORE', pool, rating, low, 'LIMIT', 0, reads)
    for _, id in ipairs(redis.call('ZRANGEBYSCORE', pool, '(' .. rating, high, 'LIMIT', 0, reads)) do
      near[#near + 1] = id
    end
    for _, id in ipairs(near) do
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
          local older = best ~= nil and (other['t'] < best_seek['t']
            or (other['t'] == best_seek['t'] and id < best))
          if best == nil or older then
            best, best_seek, best_stored = id, other, stored
          end
        end
      end
    end
  end
end
if best ~= nil then
  drop_players_seeks(best_seek['p'])
  drop_players_seeks(mine['p'])
  redis.call('HSET', KEYS[4], ARGV[5], ARGV[6] .. '\n' .. best_stored .. '\n' .. ARGV[3])
  redis.call('ZADD', KEYS[5], now, ARGV[5])
  return {2, best_stored}
end
redis.call('HSET', KEYS[1], ARGV[4], ARGV[3])
redis.call('ZADD', KEYS[FIRST_POOL + mine['k']], mine['t'], ARGV[4])
redis.call('ZADD', rated_pool(mine['k'], mine['o']), mine['r'], ARGV[4])
redis.call('HSET', KEYS[2], field, ARGV[4])
return {1}
