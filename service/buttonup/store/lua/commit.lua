-- KEYS: game, events, replies, format 1's moves, then the games' doorbell
-- when it is rung. ARGV: "expected-version new-version game-ttl-ms
-- events-ttl-ms reply-ttl-ms[ ring]" (one argument: each costs the client
-- more than Lua's reading of it; ring 1: KEYS[5] is the games' doorbell,
-- rung with the events key once entries are appended), reply field ("" when
-- none), reply value, the base ("" unless upgrading from format 1), the log
-- entries, the deadline (Redis time, ms), the commit's own random id, the
-- players' relay (store.player_events; "" when none, or on a cluster), then
-- each stream entry, of the versions after the expected one in turn. KEYS
-- after those: the relay's players' keys, then the players' doorbell
-- (store.player_events); the commit relays only on one Redis.
-- Returns {0} not found, {1, current} conflict, {2, current, prior reply},
-- {3, now} written, {4, now} past its deadline (nothing written), {5, now}
-- written already (this very commit, sent again by a cluster client's retry).
local expected, version, game_ttl, events_ttl, reply_ttl, ring =
  string.match(ARGV[1], '^(%d+) (%d+) (%d+) (%d+) (%d+) ?(1?)$')
local stored_kind = kind(KEYS[1])
local current, created, base, log, written_by
if stored_kind == 'string' then
  current, created, base, log, written_by = parse(redis.call('GET', KEYS[1]))
elseif stored_kind == 'hash' then
  current, created, base, log = redis.call('HGET', KEYS[1], 'version'), '-', ARGV[4], ''
  if not current then return {0} end
  if base == '' then return {1, current} end  -- read as format 2, which it is not
else
  return {0}
end
local now = now_ms()
if ARGV[2] ~= '' then
  local prior = fresh_reply(redis.call('HGET', KEYS[3], ARGV[2]), now, tonumber(reply_ttl))
  if prior then return {2, current, prior} end
end
if current ~= expected then
  if current == version and written_by == ARGV[7] then return {5, now} end
  return {1, current}
end
if now > tonumber(ARGV[6]) then return {4, now} end
if stored_kind == 'hash' then redis.call('DEL', KEYS[1]) end
local header = '2 ' .. version .. ' ' .. created .. ' ' .. ARGV[7]
redis.call('SET', KEYS[1], header .. '\n' .. base .. '\n' .. log .. ARGV[5], 'PX', game_ttl)
local first = tonumber(expected) + 1
for i = 9, #ARGV do
  local entry_version = string.format('%d', first + i - 9)
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', EVENTS_KEPT, '*', 'v', entry_version, 'a', ARGV[i])
end
local first_relay_key = 5
if ring == '1' then
  if #ARGV >= 9 then
    redis.call('XADD', KEYS[5], 'MAXLEN', '~', DOORBELL_KEPT, '*', 'k', KEYS[2])
  end
  first_relay_key = 6
end
if ARGV[8] ~= '' then relay(first_relay_key, ARGV[8], false, KEYS[#KEYS]) end
redis.call('PEXPIRE', KEYS[2], events_ttl)
-- format 1's move list, where there is one, lives as long as its game
redis.call('PEXPIRE', KEYS[4], game_ttl)
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[3], ARGV[2], now .. ' ' .. ARGV[3])
  redis.call('PEXPIRE', KEYS[3], reply_ttl)
end
return {3, now}
