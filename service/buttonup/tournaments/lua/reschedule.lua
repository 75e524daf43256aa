-- KEYS: the tournaments' schedule. ARGV: a tournament's id, until when it
-- was held (claim.lua), when it next needs work ('' none: off the
-- schedule). Work asked for while it was held (a poke, sooner) is kept;
-- one taken off the schedule meanwhile (finished) stays off.
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not held then return 0 end
if ARGV[3] == '' then
  if tonumber(held) == tonumber(ARGV[2]) then redis.call('ZREM', KEYS[1], ARGV[1]) end
  return 1
end
local at = tonumber(ARGV[3])
if tonumber(held) ~= tonumber(ARGV[2]) then at = math.min(at, tonumber(held)) end
redis.call('ZADD', KEYS[1], at, ARGV[1])
return 1
