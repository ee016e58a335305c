/// Which primary serves each hash slot of a cluster, and whether it has replicas: read from
/// `CLUSTER SLOTS`, corrected slot by slot by `MOVED`.
struct RedisSlotMap: Sendable {
    /// The primaries, in the order first seen.
    private(set) var primaries: [RedisNode] = []
    /// Per primary: whether it has at least one replica that is not failing.
    private(set) var replicated: [Bool] = []
    /// Per slot: the index of its primary, or `unserved`.
    private var owners = [UInt16](repeating: unserved, count: RedisKeySlot.count)
    private static let unserved = UInt16.max

    /// Reads a `CLUSTER SLOTS` reply ([start, end, [host, port, id…], replica…]…) that `node`
    /// gave (an empty host means that node's own); throws for anything else.
    init(slotsReply: RedisValue, from node: RedisNode) throws {
        for range in slotsReply.array {
            let parts = range.array
            guard parts.count >= 3, let start = parts[0].integer, let end = parts[1].integer,
                  0 <= start, start <= end, end < RedisKeySlot.count,
                  let primary = Self.node(parts[2], askedNode: node) else {
                throw RedisError("CLUSTER SLOTS answered something else than slot ranges")
            }
            let index = primaries.firstIndex(of: primary) ?? {
                primaries.append(primary)
                replicated.append(false)
                return primaries.count - 1
            }()
            if parts.count > 3 { replicated[index] = true }
            for slot in Int(start)...Int(end) { owners[slot] = UInt16(index) }
        }
        guard !primaries.isEmpty else { throw RedisError("the cluster serves no slot yet") }
    }

    /// The primary serving `slot`, nil when none does.
    func owner(of slot: Int) -> RedisNode? {
        let index = owners[slot]
        return index == Self.unserved ? nil : primaries[Int(index)]
    }

    /// Whether `slot`'s primary has a replica.
    func hasReplicas(_ slot: Int) -> Bool {
        let index = owners[slot]
        return index != Self.unserved && replicated[Int(index)]
    }

    /// `slot` is served by `node` now (a `MOVED` said so).
    mutating func move(_ slot: Int, to node: RedisNode) {
        let index = primaries.firstIndex(of: node) ?? {
            primaries.append(node)
            replicated.append(false)
            return primaries.count - 1
        }()
        owners[slot] = UInt16(index)
    }

    private static func node(_ value: RedisValue, askedNode: RedisNode) -> RedisNode? {
        let fields = value.array
        guard fields.count >= 2, let host = fields[0].string, let port = fields[1].integer, (1...65_535).contains(port) else { return nil }
        return RedisNode(host: host.isEmpty || host == "?" ? askedNode.host : host, port: Int(port))
    }
}
