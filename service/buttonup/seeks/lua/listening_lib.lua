-- Who listens (seeks.listening): a player's entry names the processes that
-- hold a stream of theirs, space-separated; each process's beat is in a
-- sorted set (process -> ms).

-- The processes `held` names (nil: none) whose beat in `beats` is at `since`
-- or later, `except` apart; and how many it named.
local function live_holders(held, beats, since, except)
  local kept, named = {}, 0
  for process in string.gmatch(held or '', '%S+') do
    named = named + 1
    if process ~= except then
      local beat = redis.call('ZSCORE', beats, process)
      if beat and tonumber(beat) >= since then kept[#kept + 1] = process end
    end
  end
  return kept, named
end

-- The player's entry in `listening` made to name `kept` (none: gone).
local function name_holders(listening, player, kept)
  if #kept == 0 then
    redis.call('HDEL', listening, player)
  else
    redis.call('HSET', listening, player, table.concat(kept, ' '))
  end
end
