-- KEYS: game, events, a reply hash per reply field, then (optionally) the key
-- format 1 kept each of those replies under. ARGV: the version the caller holds
-- and the length of the log it holds then (-1: none, or not of format 2),
-- "1" to add the id of the stream's last entry, the replies' TTL in ms, then
-- the reply fields (a reply older than the TTL reads as none).
-- Returns {false} when there is no game, else the version, then: '=' when the
-- caller's is current; 'T' and the log after the caller's; 'F', the
-- base and the log; '1' and a format-1 record. Then the last entry's id
-- (when asked: false when there is none) and the replies.
local stored_kind = kind(KEYS[1])
local result
if stored_kind == 'string' then
  local version, _, base, log = parse(redis.call('GET', KEYS[1]))
  local known = tonumber(ARGV[2])
  if version == ARGV[1] then
    result = {version, '='}
  elseif known >= 0 and known <= #log then
    result = {version, 'T', string.sub(log, known + 1)}
  else
    result = {version, 'F', base, log}
  end
elseif stored_kind == 'hash' then
  local version = redis.call('HGET', KEYS[1], 'version')
  local record = redis.call('HGET', KEYS[1], 'record')
  if not version or not record then return {false} end
  if version == ARGV[1] then result = {version, '='} else result = {version, '1', record} end
else
  return {false}
end
if ARGV[3] == '1' then
  local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)[1]
  result[#result + 1] = last and last[1] or false
end
local replies = #ARGV - 4
local now = replies > 0 and now_ms() or 0
for i = 1, replies do
  local reply = fresh_reply(redis.call('HGET', KEYS[2 + i], ARGV[4 + i]), now, tonumber(ARGV[4]))
  if not reply and KEYS[2 + replies + i] then reply = redis.call('GET', KEYS[2 + replies + i]) end
  result[#result + 1] = reply
end
return result
