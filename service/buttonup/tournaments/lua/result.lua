-- A game's end counted once, as tournaments.freeing decided it from what the
-- count read: stored only if nothing it read has changed since.
-- KEYS: the tournament, its standings, its ranks, the results counted, its
-- pool, its playing, its withdrawn, its events, the second games by the
-- first's id, the pairings pending, the pending by when, its games, each
-- player's games ended unplayed (faults), each paused player's pause's end.
-- ARGV: the game's id, its result's record, the decision as JSON
-- ({seen = {{kind, key, field, value}...}, writes = {{op, key, ...}...},
-- told = {{name, data}...}}, a key by its number in KEYS; a hash field
-- (kind 'h') absent is false, a set's member (kind 's') true or false),
-- then for each player counted: their id, their standing as read, as it is
-- now to be, its rank key.
-- Returns 0 when the game was counted already, -1 when anything read has
-- changed since (read again, decide again), 1 when counted now.
local game_id = ARGV[1]
if redis.call('HEXISTS', KEYS[4], game_id) == 1 then return 0 end
for index = 4, #ARGV, 4 do
  if redis.call('HGET', KEYS[2], ARGV[index]) ~= ARGV[index + 1] then return -1 end
end
local decided = cjson.decode(ARGV[3])
for _, seen in ipairs(decided.seen) do
  local kind, at, field, value = seen[1], KEYS[seen[2]], seen[3], seen[4]
  local now_value
  if kind == 'h' then
    now_value = redis.call('HGET', at, field)
  else
    now_value = redis.call('SISMEMBER', at, field) == 1
  end
  if now_value ~= value then return -1 end
end
redis.call('HSET', KEYS[4], game_id, ARGV[2])
for _, write in ipairs(decided.writes) do
  local op, at = write[1], KEYS[write[2]]
  if op == 'hset' then
    redis.call('HSET', at, write[3], write[4])
  elseif op == 'hdel' then
    redis.call('HDEL', at, write[3])
  elseif op == 'sadd' then
    redis.call('SADD', at, write[3])
  else -- 'zadd'
    redis.call('ZADD', at, write[3], write[4])
  end
end
local top = false
for index = 4, #ARGV, 4 do
  redis.call('HSET', KEYS[2], ARGV[index], ARGV[index + 2])
  redis.call('ZADD', KEYS[3], ARGV[index + 3], ARGV[index])
  local rank = redis.call('ZREVRANK', KEYS[3], ARGV[index])
  if rank and rank < TOP_SHOWN then top = true end
end
for _, told in ipairs(decided.told) do tell(KEYS[8], told[1], told[2]) end
if top then
  tell(KEYS[8], 'standings', {top = redis.call('ZREVRANGE', KEYS[3], 0, TOP_SHOWN - 1)})
end
return 1
