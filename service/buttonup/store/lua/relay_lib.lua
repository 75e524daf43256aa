-- The relaying itself, a Lua function that the relay script below and, on one
-- Redis, the game's commit script (store.records) call. `payload` (JSON) holds
-- the game id `g`, the versions `f`..`l`, the ttl `t` (ms), the entries kept
-- `k`, the name of a game's end `o` (PlayerEventName.GAME_OVER), and per
-- player `p` its notices, each [version, name, data], `r` the game's rank on
-- the player's agenda at `l` (-1: finished, it leaves) and `w` whether it is
-- waiting; the keys from KEYS[first_key] on are each player's stream,
-- relayed versions, finished games (a `game_over` appended adds the game
-- there), agenda of games in play and of games waiting. Answers
-- per player the notices appended, or -1 for a gap when `refuse_gaps` (the
-- game's relayed version is before `f - 1`: nothing is written for it). With
-- a `doorbell` key, one entry there names the streams appended to.
local function relay(first_key, payload, refuse_gaps, doorbell)
  local batch = cjson.decode(payload)
  local answers = {}
  local rung = {}
  for n, notices in ipairs(batch.p) do
    local at = first_key + 5 * (n - 1)
    local stream_key, relayed_key, finished_key = KEYS[at], KEYS[at + 1], KEYS[at + 2]
    local playing_key, waiting_key = KEYS[at + 3], KEYS[at + 4]
    local relayed = tonumber(redis.call('HGET', relayed_key, batch.g) or '-1')
    local added = 0
    if batch.l <= relayed then
      added = 0
    elseif refuse_gaps and relayed < batch.f - 1 then
      added = -1
    else
      for _, notice in ipairs(notices) do
        if notice[1] > relayed then
          redis.call('XADD', stream_key, 'MAXLEN', '~', batch.k, '*',
            'v', notice[1], 'e', notice[2], 'd', notice[3])
          added = added + 1
          if notice[2] == batch.o then
            redis.call('SADD', finished_key, batch.g)
            redis.call('PEXPIRE', finished_key, batch.t)
          end
        end
      end
      redis.call('HSET', relayed_key, batch.g, batch.l)
      redis.call('PEXPIRE', relayed_key, batch.t)
      local placed, other = playing_key, waiting_key
      if batch.w[n] then placed, other = waiting_key, playing_key end
      redis.call('ZREM', other, batch.g)
      if batch.r[n] >= 0 then
        redis.call('ZADD', placed, batch.r[n], batch.g)
        redis.call('PEXPIRE', placed, batch.t)
      else
        redis.call('ZREM', placed, batch.g)
      end
      if added > 0 then
        redis.call('PEXPIRE', stream_key, batch.t)
        rung[#rung + 1] = stream_key
      end
    end
    answers[n] = added
  end
  if doorbell and #rung > 0 then
    redis.call('XADD', doorbell, 'MAXLEN', '~', DOORBELL_KEPT, '*', 'k', table.concat(rung, ' '))
  end
  return answers
end
