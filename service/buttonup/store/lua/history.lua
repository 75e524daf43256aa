-- KEYS: game, format 1's moves. Everything that rebuilds the game's versions:
-- {'2', the stored string, moves...} or {'1', version, record, moves...}.
local stored_kind = kind(KEYS[1])
local result
if stored_kind == 'string' then
  result = {'2', redis.call('GET', KEYS[1])}
elseif stored_kind == 'hash' then
  result = {'1', redis.call('HGET', KEYS[1], 'version'), redis.call('HGET', KEYS[1], 'record')}
  if not result[2] or not result[3] then return {false} end
else
  return {false}
end
for _, move in ipairs(redis.call('LRANGE', KEYS[2], 0, -1)) do result[#result + 1] = move end
return result
