import Foundation

/// How the relay names its keys and channels in Redis.
///
/// On one Redis (``single``) the names are those the relay always used: one queue stream per
/// token key, one totals hash, one sorted set of queue sizes, one channel.
///
/// In a cluster (``cluster``) every key and script must stay in one hash slot, so token keys are
/// spread over ``clusterGroups`` groups (by CRC16 of the token key), and each group keeps its
/// queues, its totals, its sizes and its channel under one hash tag, `{gNN}`:
/// `push-relay:{g07}:queue:<token key>`, `push-relay:{g07}:totals`, `push-relay:{g07}:sizes`,
/// `push-relay:{g07}:deliveries` (sharded pub/sub). A script touches one group, so `CROSSSLOT`
/// cannot happen, and a group moves between shards whole, its accounting with it. The total
/// caps become per-group budgets (the configured total divided by the groups): a shard holding
/// a quarter of the groups holds at most a quarter of the total. Registrations stay three hashes
/// under one tag (`push-relay:{registrations}:…`): the registration limit is exact, and they are
/// read once a minute per token at most.
public struct RedisKeyLayout: Sendable, Equatable {
    /// The groups of a cluster layout: at most this many shards share the queues.
    public static let clusterGroups = 64

    /// The layout of one Redis.
    public static let single = RedisKeyLayout(groups: 1, tagged: false)
    /// The layout of a Redis Cluster.
    public static let cluster = RedisKeyLayout(groups: clusterGroups, tagged: true)

    /// How many groups the queues are spread over (1 on one Redis).
    public let groups: Int
    private let tagged: Bool

    /// The group `member` (a token key) belongs to.
    public func group(of member: String) -> Int {
        tagged ? Int(RedisKeySlot.crc16(member.utf8)) % groups : 0
    }

    /// What every key of `group` starts with.
    public func prefix(_ group: Int) -> String {
        guard tagged else { return "push-relay:" }
        return group < 10 ? "push-relay:{g0\(group)}:" : "push-relay:{g\(group)}:"
    }

    /// The stream of `member`'s queued notifications.
    public func queueKey(_ member: String) -> String { queuePrefix(group(of: member)) + member }

    /// What the queue keys of `group` start with.
    public func queuePrefix(_ group: Int) -> String { prefix(group) + "queue:" }

    /// The hash of `group`'s totals (`count`, `bytes`).
    public func totalsKey(_ group: Int) -> String { prefix(group) + "totals" }

    /// The sorted set of `group`'s queue sizes by member.
    public func sizesKey(_ group: Int) -> String { prefix(group) + "sizes" }

    /// The channel announcing `group`'s new notifications.
    public func channel(_ group: Int) -> String { prefix(group) + "deliveries" }

    /// Every group's channel.
    public var channels: [String] { (0..<groups).map(channel) }

    /// The command announcing on a channel: sharded pub/sub in a cluster.
    public var publishCommand: String { tagged ? "SPUBLISH" : "PUBLISH" }

    /// The `SCAN MATCH` pattern of every queue key.
    public var queuePattern: String { tagged ? "push-relay:{g*}:queue:*" : "push-relay:queue:*" }

    /// The member a queue key belongs to; nil for another key.
    public func member(ofQueueKey key: String) -> String? {
        guard let range = key.range(of: ":queue:") else { return nil }
        return String(key[range.upperBound...])
    }

    /// The registrations' three hashes: token key → secret key, secret key → token key, token
    /// key → when it was last used.
    public var registrationKeys: (tokens: String, secrets: String, used: String) {
        let prefix = tagged ? "push-relay:{registrations}:" : "push-relay:registrations:"
        return (prefix + "tokens", prefix + "secrets", prefix + "used")
    }

    /// `limits` with the totals divided among the groups (each group's budget; their sum is at
    /// most the configured total).
    public func budget(_ limits: QueueLimits) -> QueueLimits {
        var budget = limits
        budget.total = max(1, limits.total / groups)
        budget.totalBytes = max(1, limits.totalBytes / groups)
        return budget
    }
}
