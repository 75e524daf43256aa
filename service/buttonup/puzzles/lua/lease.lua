-- Mining's leased work: up to ARGV[2] games of the queue (KEYS[1]) due by
-- ARGV[1], each leased for ARGV[3] ms (its score moved on: a process that
-- dies with it leaves it due again once the lease is out).
local due = redis.call("ZRANGE", KEYS[1], "-inf", ARGV[1], "BYSCORE", "LIMIT", 0, tonumber(ARGV[2]))
local until_ms = tonumber(ARGV[1]) + tonumber(ARGV[3])
for _, game in ipairs(due) do
  redis.call("ZADD", KEYS[1], "XX", until_ms, game)
end
return due
