import Essentials
import Foundation

/// Delivery shared by every relay process on one Redis. Each notification is appended to its
/// token key's Redis stream (`push-relay:queue:<key>`, at most the per-token cap long, expiring
/// with the TTL) and announced on a channel; every process holding a stream of that key sends
/// it from the Redis stream, after the last id it sent. Entries stay until the client
/// acknowledges them, so a client that reconnects to any process gets what it has not had.
///
/// Every call has a timeout; the subscriber reconnects with backoff; a background check every
/// two seconds tells ``isHealthy``; the queue depth for `/metrics` is counted in the background
/// every ten seconds, never on a request.
public final class RedisDelivery: DeliveryBackend, @unchecked Sendable {
    static let channel = "push-relay:deliveries"
    /// Queues ARGV[1] on the key's stream capped at ARGV[5] entries, renews its time to live
    /// (ARGV[2] seconds) and announces the key (ARGV[4]) on the channel (ARGV[3]); returns how
    /// many old entries the cap dropped. One round trip, one atomic step.
    private static let deliverScript = """
        local before = redis.call('XLEN', KEYS[1])
        redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[5], '*', 'payload', ARGV[1])
        redis.call('EXPIRE', KEYS[1], ARGV[2])
        redis.call('PUBLISH', ARGV[3], ARGV[4])
        return before + 1 - redis.call('XLEN', KEYS[1])
        """

    public let streams: StreamRegistry
    private let pool: RedisPool
    private let ttl: Double
    private let limits: QueueLimits
    private let subscriber: RedisSubscriber
    private let checks: DispatchSourceTimer
    // Guarded by `lock`.
    private var dropped = 0
    private var depth = 0
    private var reachable = true
    private let lock = NSLock()

    public init(pool: RedisPool, ttl: Double, limits: QueueLimits = QueueLimits(), streamLimits: StreamLimits = StreamLimits(),
                logger: Logger = Logger.standardError(label: "push-relay", level: .warning)) throws {
        self.pool = pool
        self.ttl = ttl
        self.limits = limits
        let streams = StreamRegistry(limits: streamLimits, logger: logger) { key, after, limit in
            try Self.waiting(in: pool, key: key, after: after, limit: limit, ttl: ttl)
        }
        self.streams = streams
        checks = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "push-relay.redis-checks"))
        subscriber = RedisSubscriber(pool: pool, channel: Self.channel, logger: logger, message: { key in
            if streams.hasStreams(for: key) { streams.drain(key) }
        }, resubscribed: { streams.drainAll() })
        var tick = 0
        checks.schedule(deadline: .now(), repeating: 2)
        checks.setEventHandler { [weak self] in
            guard let self else { return }
            let answered = (try? pool.command(["PING"])) != nil
            lock.withLock { reachable = answered }
            if answered, tick % 5 == 0, let counted = try? countQueued() { lock.withLock { depth = counted } }
            tick += 1
        }
        checks.resume()
    }

    public func deliver(_ payload: JSONValue, to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        completion(Result {
            let reply = try pool.command([
                "EVAL", Self.deliverScript, "1", Self.queueKey(key), try JSONSerializer.string(payload), String(Int(ttl)), Self.channel, key,
                String(limits.perToken),
            ])
            if let count = reply.integer, count > 0 { lock.withLock { dropped += Int(count) } }
            return .accepted
        })
    }

    public func attach(_ stream: EventStream, for key: String, after lastID: String?) throws {
        if let lastID { try acknowledge(key, through: lastID) }
        try streams.add(stream, for: key, after: lastID)
    }

    public func acknowledge(_ key: String, through id: String) throws {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let milliseconds = UInt64(parts[0]), let sequence = UInt64(parts[1]), sequence < UInt64.max else {
            throw RelayRequestError(400, "'\(id)' is not a notification id this relay gave")
        }
        // MINID keeps entries at or after the id given: the one after the acknowledged one.
        try pool.command(["XTRIM", Self.queueKey(key), "MINID", "\(milliseconds)-\(sequence + 1)"])
    }

    public func queueDepth() throws -> Int { lock.withLock { depth } }

    public var droppedCount: Int { lock.withLock { dropped } }

    public var isHealthy: Bool { lock.withLock { reachable } && subscriber.isSubscribed }

    public func stop() {
        checks.cancel()
        subscriber.stop()
        streams.closeAll()
    }

    /// Up to `limit` entries of `key` after `after` (from the start when nil), dropping expired ones first.
    private static func waiting(in pool: RedisPool, key: String, after: String?, limit: Int, ttl: Double) throws -> [QueuedNotification] {
        let name = queueKey(key)
        let oldest = String(Int((Date().timeIntervalSince1970 - ttl) * 1000))
        try pool.command(["XTRIM", name, "MINID", oldest])
        let entries = try pool.command(["XRANGE", name, after.map { "(" + $0 } ?? "-", "+", "COUNT", String(limit)]).array
        return entries.compactMap { entry in
            let parts = entry.array
            guard parts.count == 2, let id = parts[0].string else { return nil }
            let fields = parts[1].array
            guard fields.count == 2, let payload = fields[1].string else { return nil }
            return QueuedNotification(id: id, payload: payload)
        }
    }

    /// Counts every queued entry (a keyspace scan: only from the background check).
    private func countQueued() throws -> Int {
        var cursor = "0", depth = 0
        repeat {
            let reply = try pool.command(["SCAN", cursor, "MATCH", "push-relay:queue:*", "COUNT", "1000"]).array
            cursor = reply.first?.string ?? "0"
            for key in reply.last?.array ?? [] {
                if let name = key.string { depth += Int(try pool.command(["XLEN", name]).integer ?? 0) }
            }
        } while cursor != "0"
        return depth
    }

    static func queueKey(_ key: String) -> String { "push-relay:queue:" + key }
}
