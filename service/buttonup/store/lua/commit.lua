-- KEYS: game, events, replies, format 1's moves. ARGV: expected version, new
-- version, game ttl ms, events ttl ms, reply ttl ms, reply field ("" when none),
-- reply value, the base ("" unless upgrading from format 1), the log entries,
-- the deadline (Redis time, ms), the commit's own random id, the players'
-- relay (store.player_events; "" when none, or on a cluster), then (version,
-- entry) for each stream entry. KEYS from the fifth: the relay's players' keys,
-- then the doorbell (store.player_events); the commit relays only on one Redis.
-- Returns {0} not found, {1, current} conflict, {2, current, prior reply},
-- {3, now} written, {4, now} past its deadline (nothing written), {5, now}
-- written already (this very commit, sent again by a cluster client's retry).
local stored_kind = kind(KEYS[1])
local current, created, base, log, written_by
if stored_kind == 'string' then
  current, created, base, log, written_by = parse(redis.call('GET', KEYS[1]))
elseif stored_kind == 'hash' then
  current, created, base, log = redis.call('HGET', KEYS[1], 'version'), '-', ARGV[8], ''
  if not current then return {0} end
  if base == '' then return {1, current} end  -- read as format 2, which it is not
else
  return {0}
end
local now = now_ms()
if ARGV[6] ~= '' then
  local prior = fresh_reply(redis.call('HGET', KEYS[3], ARGV[6]), now, tonumber(ARGV[5]))
  if prior then return {2, current, prior} end
end
if current ~= ARGV[1] then
  if current == ARGV[2] and written_by == ARGV[11] then return {5, now} end
  return {1, current}
end
if now > tonumber(ARGV[10]) then return {4, now} end
if stored_kind == 'hash' then redis.call('DEL', KEYS[1]) end
local header = '2 ' .. ARGV[2] .. ' ' .. created .. ' ' .. ARGV[11]
redis.call('SET', KEYS[1], header .. '\n' .. base .. '\n' .. log .. ARGV[9], 'PX', ARGV[3])
for i = 13, #ARGV, 2 do
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', EVENTS_KEPT, '*', 'v', ARGV[i], 'a', ARGV[i + 1])
end
if ARGV[12] ~= '' then relay(5, ARGV[12], false, KEYS[#KEYS]) end
redis.call('PEXPIRE', KEYS[2], ARGV[4])
-- format 1's move list, where there is one, lives as long as its game
redis.call('PEXPIRE', KEYS[4], ARGV[3])
if ARGV[6] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[6], now .. ' ' .. ARGV[7])
  redis.call('PEXPIRE', KEYS[3], ARGV[5])
end
return {3, now}
