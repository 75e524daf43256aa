-- KEYS: a player's record. ARGV: the hash of the key presented, the ttl (ms).
-- Returns the record (false: no such player), renewed only when the key is
-- the player's: a request with a wrong key keeps nobody's record alive.
local stored = redis.call('GET', KEYS[1])
if not stored then return false end
if cjson.decode(stored)['k'] == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return stored
