-- What the tournaments' scripts share.

-- An event appended to the tournament's stream `key`: `v` 0 (no game's
-- version), `e` its name, `d` its JSON (`data`: a table, or JSON already).
local function tell(key, name, data)
  if type(data) ~= 'string' then data = cjson.encode(data) end
  redis.call('XADD', key, 'MAXLEN', '~', EVENTS_KEPT, '*', 'v', 0, 'e', name, 'd', data)
end

-- Every player of the tournament who has not withdrawn, in its pool from `now`.
local function pool_everyone(standings, pool, withdrawn, now)
  for _, id in ipairs(redis.call('HKEYS', standings)) do
    if redis.call('SISMEMBER', withdrawn, id) == 0 then
      redis.call('ZADD', pool, now, id)
    end
  end
end
