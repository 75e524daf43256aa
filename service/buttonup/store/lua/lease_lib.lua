-- The members of the sorted set `key` due by `up_to` (at most `count`), each
-- moved to `lease_end`, so that other sweepers leave them until then.
local function lease_due(key, up_to, count, lease_end)
  local due = redis.call('ZRANGEBYSCORE', key, '-inf', up_to, 'LIMIT', 0, count)
  for _, member in ipairs(due) do
    redis.call('ZADD', key, lease_end, member)
  end
  return due
end
