-- KEYS: game. ARGV: a commit's new version and id, or -1 and a create's base.
-- Whether that write is in the game, with Redis's time: {now, 1} it is,
-- {now, 0} it is not, {now, 2} it cannot tell (later commits followed).
local now = now_ms()
if kind(KEYS[1]) ~= 'string' then return {now, 0} end
local version, _, base, _, written_by = parse(redis.call('GET', KEYS[1]))
local after = tonumber(ARGV[1])
if after < 0 then return {now, base == ARGV[2] and 1 or 0} end
if tonumber(version) < after then return {now, 0} end
if tonumber(version) > after then return {now, 2} end
return {now, written_by == ARGV[2] and 1 or 0}
