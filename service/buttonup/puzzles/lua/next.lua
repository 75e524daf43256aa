-- The puzzles nearest ARGV[1] in rating (KEYS[1]) that the player has not
-- tried (KEYS[2]), ARGV[4] at most, nearest first: read ARGV[2] a side at a
-- time, ARGV[3] times at most, so that a call's cost is bounded.
local rating, batch, rounds, want = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local found = {}
for round = 0, rounds - 1 do
  local offset = round * batch
  local above = redis.call("ZRANGE", KEYS[1], rating, "+inf", "BYSCORE", "LIMIT", offset, batch, "WITHSCORES")
  local below = redis.call("ZRANGE", KEYS[1], "(" .. rating, "-inf", "BYSCORE", "REV", "LIMIT", offset, batch, "WITHSCORES")
  for _, side in ipairs({above, below}) do
    for i = 1, #side, 2 do
      if redis.call("HEXISTS", KEYS[2], side[i]) == 0 then
        found[#found + 1] = {side[i], math.abs(tonumber(side[i + 1]) - rating)}
      end
    end
  end
  if #found >= want or (#above < 2 * batch and #below < 2 * batch) then break end
end
table.sort(found, function(a, b) return a[2] < b[2] end)
local ids = {}
for i = 1, math.min(want, #found) do ids[i] = found[i][1] end
return ids
