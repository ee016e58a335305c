/// The Lua scripts that keep every Redis queue and its group's totals in one consistent step:
/// the entries of each token key's stream, the count and bytes of the group's queues (its
/// totals hash), and each member's count in the group's sorted set of sizes, so the fullest
/// queue is found without a scan. Every key a script touches is in one group
/// (``RedisKeyLayout``): in a cluster, one hash slot.
enum RedisQueueScripts {
    /// Removes the oldest entry of member's queue and counts it out; false when it is empty.
    private static let dropOldest = """
        local function drop_oldest(prefix, totals, sizes, member)
            local queue = prefix .. member
            local oldest = redis.call('XRANGE', queue, '-', '+', 'COUNT', 1)
            if #oldest == 0 then
                redis.call('ZREM', sizes, member)
                return false
            end
            redis.call('XDEL', queue, oldest[1][1])
            redis.call('HINCRBY', totals, 'count', -1)
            redis.call('HINCRBY', totals, 'bytes', -#oldest[1][2][2])
            if tonumber(redis.call('ZINCRBY', sizes, -1, member)) <= 0 then redis.call('ZREM', sizes, member) end
            if redis.call('XLEN', queue) == 0 then redis.call('DEL', queue) end
            return true
        end
        """

    /// KEYS: the member's queue, the group's totals and sizes. ARGV: payload, member (token key),
    /// channel, per-token cap, the group's count cap and bytes cap, the group's queue prefix, the
    /// publish command. Queues and announces the payload, then drops the member's oldest beyond
    /// its cap and the group's fullest queue's oldest while a total is exceeded; returns how many
    /// it dropped.
    static let deliver = RedisScript(dropOldest + "\n" + """
        local queue, totals, sizes = KEYS[1], KEYS[2], KEYS[3]
        local member, prefix = ARGV[2], ARGV[7]
        redis.call('XADD', queue, '*', 'payload', ARGV[1])
        redis.call('HINCRBY', totals, 'count', 1)
        redis.call('HINCRBY', totals, 'bytes', #ARGV[1])
        redis.call('ZINCRBY', sizes, 1, member)
        redis.call(ARGV[8], ARGV[3], member)
        local dropped = 0
        while redis.call('XLEN', queue) > tonumber(ARGV[4]) do
            if not drop_oldest(prefix, totals, sizes, member) then break end
            dropped = dropped + 1
        end
        while tonumber(redis.call('HGET', totals, 'count') or 0) > tonumber(ARGV[5])
            or tonumber(redis.call('HGET', totals, 'bytes') or 0) > tonumber(ARGV[6]) do
            local fullest = redis.call('ZREVRANGE', sizes, 0, 0)
            if #fullest == 0 or not drop_oldest(prefix, totals, sizes, fullest[1]) then break end
            dropped = dropped + 1
        end
        return dropped
        """)

    /// KEYS: the member's queue, the group's totals and sizes. ARGV: member, newest id to remove
    /// (`+` for all). Removes the member's entries from the start up to the id (acknowledged, or
    /// past their time to live) and counts them out; returns how many.
    static let remove = RedisScript("""
        local queue, totals, sizes = KEYS[1], KEYS[2], KEYS[3]
        local member = ARGV[1]
        local entries = redis.call('XRANGE', queue, '-', ARGV[2])
        local bytes = 0
        for _, entry in ipairs(entries) do
            redis.call('XDEL', queue, entry[1])
            bytes = bytes + #entry[2][2]
        end
        if #entries > 0 then
            redis.call('HINCRBY', totals, 'count', -#entries)
            redis.call('HINCRBY', totals, 'bytes', -bytes)
            if tonumber(redis.call('ZINCRBY', sizes, -#entries, member)) <= 0 then redis.call('ZREM', sizes, member) end
        end
        -- An empty stream is removed: ids after it are still later ones (they come from the clock).
        if redis.call('XLEN', queue) == 0 then redis.call('DEL', queue) end
        return #entries
        """)

    /// Runs ``remove`` on `pool` for `member`'s entries through `id`; how many it removed.
    @discardableResult
    static func remove(_ member: String, through id: String, on pool: any RedisClient) throws -> RedisValue {
        let layout = pool.layout, group = layout.group(of: member)
        return try pool.evaluate(remove, keys: [layout.queueKey(member), layout.totalsKey(group), layout.sizesKey(group)], arguments: [member, id])
    }
}
