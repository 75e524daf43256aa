-- A challenge changed, if it is still as it was read: KEYS challenge, out
-- (its maker's pending), due, live, unmade, then in (each player told);
-- ARGV id, the JSON read, the JSON now, still pending ("1"/"0"), accepted
-- ("1"/"0"), now, ttl ms, maker. Answers 1, or 0 when it changed since.
local challenge, out, due, live, unmade = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local id, read, now_json = ARGV[1], ARGV[2], ARGV[3]
local pending, accepted, now, ttl, maker = ARGV[4] == "1", ARGV[5] == "1", ARGV[6], ARGV[7], ARGV[8]
if redis.call("GET", challenge) ~= read then
  return 0
end
redis.call("SET", challenge, now_json, "PX", ttl)
if not pending then
  redis.call("ZREM", out, id)
  redis.call("ZREM", due, id)
  redis.call("ZREM", live, maker .. " " .. id)
  for i = 6, #KEYS do
    redis.call("ZREM", KEYS[i], id)
  end
end
if accepted then
  redis.call("ZADD", unmade, now, id)
end
return 1
