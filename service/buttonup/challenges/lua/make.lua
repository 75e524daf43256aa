-- A challenge made, if its maker may make it now: KEYS challenge, out
-- (the maker's pending), due, live, online, blocks (the invitee's; an open
-- one's: a key nobody writes), then in (each player told); ARGV id, its
-- JSON, its JSON declined (what it is when the invitee blocks the maker),
-- created, expires, most pending, live ("1"/"0"), maker, heard since (ms:
-- the maker's stream mark must be this recent), ttl ms.
-- Answers "made", "blocked", "full" or "not_listening".
local challenge, out, due, live, online, blocks =
  KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local id, made, declined = ARGV[1], ARGV[2], ARGV[3]
local created, expires, most = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local is_live, maker, heard_since, ttl = ARGV[7] == "1", ARGV[8], tonumber(ARGV[9]), ARGV[10]
if redis.call("ZCARD", out) >= most then
  return "full"
end
if is_live then
  local mark = redis.call("ZSCORE", online, maker)
  if not mark or tonumber(mark) < heard_since then
    return "not_listening"
  end
end
if redis.call("SISMEMBER", blocks, maker) == 1 then
  redis.call("SET", challenge, declined, "PX", ttl)
  return "blocked"
end
redis.call("SET", challenge, made, "PX", ttl)
redis.call("ZADD", out, created, id)
for i = 7, #KEYS do
  redis.call("ZADD", KEYS[i], created, id)
end
redis.call("ZADD", due, expires, id)
if is_live then
  redis.call("ZADD", live, 0, maker .. " " .. id)
end
return "made"
