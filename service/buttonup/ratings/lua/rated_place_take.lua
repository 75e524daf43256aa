-- KEYS: a player's places in rated games in play (game id -> "<kind> <ms>").
-- ARGV: game id, kind, limit, now (ms), ttl ms, "1" to check without taking.
-- Returns {} when the place is held (or, checking, there is room), else the
-- places of that kind that stand in the way, as game id, ms taken pairs.
if ARGV[6] ~= '1' and redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return {} end
local held = {}
local entries = redis.call('HGETALL', KEYS[1])
for index = 1, #entries, 2 do
  local kind, taken = string.match(entries[index + 1], '^(%S+) (%d+)$')
  if kind == ARGV[2] and entries[index] ~= ARGV[1] then
    table.insert(held, entries[index])
    table.insert(held, taken)
  end
end
if #held / 2 >= tonumber(ARGV[3]) then return held end
if ARGV[6] ~= '1' then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ' ' .. ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
end
return {}
