-- Makers whose stream has not been heard since ARGV[1] (ms), at most
-- ARGV[2] of them: each taken off KEYS[1] (online), and answered with the
-- ids of their real-time challenges still pending (KEYS[2], live: members
-- "<maker> <id>"), flattened as maker, id, maker, id...
local online, live = KEYS[1], KEYS[2]
local stale = redis.call("ZRANGEBYSCORE", online, "-inf", "(" .. ARGV[1], "LIMIT", 0, tonumber(ARGV[2]))
local found = {}
for _, maker in ipairs(stale) do
  redis.call("ZREM", online, maker)
  local members = redis.call("ZRANGEBYLEX", live, "[" .. maker .. " ", "[" .. maker .. " \255")
  for _, member in ipairs(members) do
    found[#found + 1] = maker
    found[#found + 1] = string.sub(member, #maker + 2)
  end
end
return found
