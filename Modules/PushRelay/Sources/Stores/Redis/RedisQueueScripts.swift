/// The Lua scripts that keep every Redis queue and its totals in one consistent step: the
/// entries of each token key's stream, the count and bytes of all of them (`push-relay:totals`),
/// and each key's count in a sorted set (`push-relay:sizes`), so the fullest queue is found
/// without a scan. Scripts name these keys themselves, which a single Redis allows.
enum RedisQueueScripts {
    static let totalsKey = "push-relay:totals"
    static let sizesKey = "push-relay:sizes"

    /// Removes the oldest entry of member's queue and counts it out; false when it is empty.
    private static let dropOldest = """
        local function drop_oldest(member)
            local queue = 'push-relay:queue:' .. member
            local oldest = redis.call('XRANGE', queue, '-', '+', 'COUNT', 1)
            if #oldest == 0 then
                redis.call('ZREM', 'push-relay:sizes', member)
                return false
            end
            redis.call('XDEL', queue, oldest[1][1])
            redis.call('HINCRBY', 'push-relay:totals', 'count', -1)
            redis.call('HINCRBY', 'push-relay:totals', 'bytes', -#oldest[1][2][2])
            if tonumber(redis.call('ZINCRBY', 'push-relay:sizes', -1, member)) <= 0 then redis.call('ZREM', 'push-relay:sizes', member) end
            if redis.call('XLEN', queue) == 0 then redis.call('DEL', queue) end
            return true
        end
        """

    /// ARGV: payload, member (token key), channel, per-token cap, total count cap, total bytes
    /// cap. Queues and announces the payload, then drops the member's oldest beyond its cap and
    /// the fullest queue's oldest while a total is exceeded; returns how many it dropped.
    static let deliver = dropOldest + "\n" + """
        local member = ARGV[2]
        local queue = 'push-relay:queue:' .. member
        redis.call('XADD', queue, '*', 'payload', ARGV[1])
        redis.call('HINCRBY', 'push-relay:totals', 'count', 1)
        redis.call('HINCRBY', 'push-relay:totals', 'bytes', #ARGV[1])
        redis.call('ZINCRBY', 'push-relay:sizes', 1, member)
        redis.call('PUBLISH', ARGV[3], member)
        local dropped = 0
        while redis.call('XLEN', queue) > tonumber(ARGV[4]) do
            if not drop_oldest(member) then break end
            dropped = dropped + 1
        end
        while tonumber(redis.call('HGET', 'push-relay:totals', 'count') or 0) > tonumber(ARGV[5])
            or tonumber(redis.call('HGET', 'push-relay:totals', 'bytes') or 0) > tonumber(ARGV[6]) do
            local fullest = redis.call('ZREVRANGE', 'push-relay:sizes', 0, 0)
            if #fullest == 0 or not drop_oldest(fullest[1]) then break end
            dropped = dropped + 1
        end
        return dropped
        """

    /// ARGV: member, first id to keep (`-` for none), newest id to remove. Removes the member's
    /// entries from the start up to the id (acknowledged, or past their time to live) and counts
    /// them out; returns how many.
    static let remove = """
        local member = ARGV[1]
        local queue = 'push-relay:queue:' .. member
        local entries = redis.call('XRANGE', queue, '-', ARGV[2])
        local bytes = 0
        for _, entry in ipairs(entries) do
            redis.call('XDEL', queue, entry[1])
            bytes = bytes + #entry[2][2]
        end
        if #entries > 0 then
            redis.call('HINCRBY', 'push-relay:totals', 'count', -#entries)
            redis.call('HINCRBY', 'push-relay:totals', 'bytes', -bytes)
            if tonumber(redis.call('ZINCRBY', 'push-relay:sizes', -#entries, member)) <= 0 then redis.call('ZREM', 'push-relay:sizes', member) end
        end
        -- An empty stream is removed: ids after it are still later ones (they come from the clock).
        if redis.call('XLEN', queue) == 0 then redis.call('DEL', queue) end
        return #entries
        """
}
