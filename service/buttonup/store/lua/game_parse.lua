-- The game's key holds a string, "2 <version> <create reply or -> <id of the
-- commit that made the version>\n<base>\n<log>" (a hash, in format 1). Every
-- script reads it with this.
local function parse(stored)
  local header_end = string.find(stored, '\n', 1, true)
  local base_end = string.find(stored, '\n', header_end + 1, true)
  local _, _, version, reply, written_by =
    string.find(string.sub(stored, 1, header_end - 1), '^2 (%d+) (%S+) ?(%S*)$')
  return version, reply, string.sub(stored, header_end + 1, base_end - 1),
         string.sub(stored, base_end + 1), written_by
end
local function kind(key) return redis.call('TYPE', key)['ok'] end
local function now_ms()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
-- A stored reply is "<Redis ms when written> <reference>": kept for the
-- idempotency TTL only, however long its hash lives on. One of an earlier
-- release has no time and lives with its hash.
local function fresh_reply(reply, now, ttl_ms)
  if not reply then return false end
  local written, reference = string.match(reply, '^(%d+) (.*)$')
  if not written then return reply end
  if now - tonumber(written) > ttl_ms then return false end
  return reference
end
