-- KEYS: game, then the relay's players' keys and the players' doorbell
-- (store.player_events; on one Redis, when the new game has seated players).
-- ARGV: version, base, log, ttl ms, the reply ("-" when none), the deadline
-- (Redis time, ms), the players' relay ("" when none). A game that exists
-- already is left as it is and its reply returned: two creates with one
-- Idempotency-Key get one game id from its reservation (store.idempotency),
-- so they race on this one key. Returns {0, reply} exists, {1, now} written,
-- {4, now} past its deadline (nothing written).
local stored_kind = kind(KEYS[1])
local now = now_ms()
if stored_kind == 'string' then
  local _, reply = parse(redis.call('GET', KEYS[1]))
  return {0, reply}
end
if stored_kind ~= 'none' then return {0, '-'} end
if now > tonumber(ARGV[6]) then return {4, now} end
local header = '2 ' .. ARGV[1] .. ' ' .. ARGV[5]
redis.call('SET', KEYS[1], header .. '\n' .. ARGV[2] .. '\n' .. ARGV[3], 'PX', ARGV[4])
if ARGV[7] ~= '' then relay(2, ARGV[7], false, KEYS[#KEYS]) end
return {1, now}
