import Essentials
import Foundation

/// Delivery shared by every relay process on one Redis or one Redis Cluster. Each notification
/// is appended to its token key's Redis stream (``RedisKeyLayout/queueKey(_:)``) and announced on
/// its group's channel; every process holding a stream of that key sends it from the Redis
/// stream, after the last id it sent. Entries stay until the client acknowledges them or their
/// time to live ends, so a client that reconnects to any process gets what it has not had.
/// Queues are capped per token and in total (count and bytes; in a cluster, per group: the
/// total divided among the groups) like ``LocalDelivery``'s, by the scripts of
/// ``RedisQueueScripts``. In a cluster whose primaries have replicas, a notification counts as
/// accepted once a replica has it too (`WAIT`), so a failover loses none that got a 201.
///
/// Every call has a timeout; the subscriber reconnects with backoff; a background check every
/// two seconds tells ``isHealthy`` and reads the totals for `/metrics` (never a scan on a
/// request); expired entries are swept every minute.
public final class RedisDelivery: DeliveryBackend, @unchecked Sendable {
    /// Milliseconds a write waits for a replica's acknowledgement (`WAIT 1`) before it counts.
    static let replicaWait = 1_000

    /// Streams open on this process.
    public let streams: StreamRegistry
    private let pool: any RedisClient
    private let layout: RedisKeyLayout
    private let budget: QueueLimits
    private let ttl: Double
    private let subscriber: any RedisListener
    private let checks: DispatchSourceTimer
    private let logger: Logger
    private let failures: FailureCount
    // Guarded by `lock`.
    private var dropped = 0
    private var depth = 0
    private var reachable = true
    private let lock = NSLock()

    /// A store on `pool` keeping notifications `ttl` seconds under `limits`; throws when Redis cannot be reached.
    public init(pool: any RedisClient, ttl: Double, limits: QueueLimits = QueueLimits(), streamLimits: StreamLimits = StreamLimits(),
                logger: Logger = Logger.standardError(label: "push-relay", level: .warning)) throws {
        self.pool = pool
        self.ttl = ttl
        layout = pool.layout
        budget = pool.layout.budget(limits)
        self.logger = logger
        failures = FailureCount(logger: logger)
        let streams = StreamRegistry(limits: streamLimits, logger: logger) { key, after, limit in
            try Self.waiting(in: pool, key: key, after: after, limit: limit, ttl: ttl)
        }
        self.streams = streams
        checks = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "push-relay.redis-checks"))
        subscriber = pool.listen(to: pool.layout.channels, logger: logger, message: { key in
            if streams.hasStreams(for: key) { streams.drain(key) }
        }, resubscribed: { streams.drainAll() })
        let layout = pool.layout
        var tick = 0
        checks.schedule(deadline: .now(), repeating: 2)
        checks.setEventHandler { [weak self] in
            guard let self else { return }
            let count: Int?
            do {
                count = try (0..<layout.groups).reduce(0) { sum, group in
                    let totals = layout.totalsKey(group)
                    return sum + Int(try pool.command(["HGET", totals, "count"], key: totals).integer ?? 0)
                }
            } catch {
                count = nil
                if lock.withLock({ reachable }) { failures.record("Redis stopped answering its health check: \(error)") } else { failures.recordQuietly() }
            }
            let cameBack = lock.withLock { () -> Bool in
                defer { reachable = count != nil }
                if let count { depth = count }
                return !reachable && count != nil
            }
            if cameBack { logger.info("Redis answers its health check again") }
            if count != nil, tick % 30 == 0 { sweepExpired() }
            tick += 1
        }
        checks.resume()
    }

    /// Queues `payload` for `key` in Redis and announces it to every relay process; `completion` gets the outcome.
    public func deliver(_ payload: [UInt8], to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        completion(Result {
            let group = layout.group(of: key), queue = layout.queuePrefix(group) + key
            let keys = [queue, layout.totalsKey(group), layout.sizesKey(group)]
            let arguments = [
                String(decoding: payload, as: UTF8.self), key, layout.channel(group),
                String(budget.perToken), String(budget.total), String(budget.totalBytes), layout.queuePrefix(group), layout.publishCommand,
            ]
            let reply: RedisValue
            if pool.hasReplicas(forKey: queue) {
                let replies = try pool.evaluate(RedisQueueScripts.deliver, keys: keys, arguments: arguments, then: ["WAIT", "1", String(Self.replicaWait)])
                reply = replies[0]
                if replies[1].integer == 0 {
                    // Accepted all the same: the primary has it, as a single Redis would.
                    failures.record("a notification was accepted with no replica acknowledging it within \(Self.replicaWait) ms; a failover now could lose it")
                }
            } else {
                reply = try pool.evaluate(RedisQueueScripts.deliver, keys: keys, arguments: arguments)
            }
            if let count = reply.integer, count > 0 { lock.withLock { dropped += Int(count) } }
            return .accepted
        })
    }

    /// Removes what the client acknowledged, then keeps `stream` and sends it what is queued after `lastID`.
    public func attach(_ stream: EventStream, for key: String, from address: String, after lastID: String?) throws {
        if let lastID { try acknowledge(key, through: lastID) }
        try streams.add(stream, for: key, from: address, after: lastID)
    }

    /// Removes `key`'s entries up to `id`; a 400 for an id this relay did not give.
    public func acknowledge(_ key: String, through id: String) throws {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let milliseconds = UInt64(parts[0]), let sequence = UInt64(parts[1]), sequence < UInt64.max else {
            throw RelayRequestError(400, "'\(id)' is not a notification id this relay gave")
        }
        try RedisQueueScripts.remove(key, through: "\(milliseconds)-\(sequence)", on: pool)
    }

    /// Closes `key`'s streams here and removes its queue.
    public func forget(_ key: String) {
        streams.close(key)
        do {
            try RedisQueueScripts.remove(key, through: "+", on: pool)
        } catch {
            failures.record("the queue of an unregistered device was not removed (its entries expire): \(error)")
        }
    }

    /// Notifications queued across all relay processes, as of the last check (every 2 s).
    public func queueDepth() throws -> Int { lock.withLock { depth } }

    /// Notifications dropped by the queue caps, as Redis reported them to this process.
    public var droppedCount: Int { lock.withLock { dropped } }

    /// Background work that failed, since the process started (see `DeliveryBackend`).
    public var backgroundFailures: Int { failures.value }

    /// False while Redis does not answer or the subscription is down.
    public var isHealthy: Bool { lock.withLock { reachable } && subscriber.isSubscribed }

    /// Stops the checks and the subscription, and closes the streams.
    public func stop() {
        checks.cancel()
        subscriber.stop()
        streams.closeAll()
    }

    /// Up to `limit` entries of `key` after `after` (from the start when nil), leaving out
    /// expired ones (the sweep removes them).
    private static func waiting(in pool: any RedisClient, key: String, after: String?, limit: Int, ttl: Double) throws -> [QueuedNotification] {
        let oldest = UInt64(max(0, (Current.now().timeIntervalSince1970 - ttl) * 1000))
        let queue = pool.layout.queueKey(key)
        let entries = try pool.command(["XRANGE", queue, after.map { "(" + $0 } ?? "-", "+", "COUNT", String(limit)], key: queue).array
        return entries.compactMap { entry in
            let parts = entry.array
            guard parts.count == 2, let id = parts[0].string, let milliseconds = id.split(separator: "-").first.flatMap({ UInt64($0) }),
                  milliseconds >= oldest else { return nil }
            let fields = parts[1].array
            guard fields.count == 2, let payload = fields[1].string else { return nil }
            return QueuedNotification(id: id, payload: payload)
        }
    }

    /// Removes every entry past its time to live, queue by queue (a keyspace scan of every
    /// primary: only from the background check).
    private func sweepExpired() {
        let cutoff = UInt64(max(0, (Current.now().timeIntervalSince1970 - ttl) * 1000))
        guard cutoff > 0 else { return }
        do {
            for primary in try pool.primaries() {
                var cursor = "0"
                repeat {
                    let reply = try primary.command(["SCAN", cursor, "MATCH", layout.queuePattern, "COUNT", "1000"], key: nil).array
                    cursor = reply.first?.string ?? "0"
                    for name in (reply.last?.array ?? []).compactMap(\.string) {
                        guard let member = layout.member(ofQueueKey: name) else { continue }
                        try RedisQueueScripts.remove(member, through: "\(cutoff - 1)", on: pool)
                    }
                } while cursor != "0"
            }
        } catch {
            failures.record("the sweep of expired notifications stopped (the next one goes on): \(error)")
        }
    }
}
