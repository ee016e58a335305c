import Dispatch
import Essentials
import Foundation

/// Listens on a cluster's sharded channels (`SSUBSCRIBE`, each on the primary serving its slot)
/// and keeps listening: one connection per primary, each read on a thread of its own. When any
/// of them ends (its node failed, or it moved a slot away and said `sunsubscribe`), all are
/// closed, the slot map is read anew and everything subscribed again, then `resubscribed` is
/// called (messages may have been missed); when subscribing fails it waits 0.5, 1, then 2 seconds
/// between tries (a failover takes a few seconds; the map is read anew each time).
final class RedisShardedSubscriber: RedisListener, @unchecked Sendable {
    private let cluster: RedisClusterPool
    private let channels: [String]
    private let logger: Logger
    // Guarded by `lock`.
    private var connections: [RedisConnection] = []
    private var stopped = false
    private var subscribed = false
    private let lock = NSLock()

    init(cluster: RedisClusterPool, channels: [String], logger: Logger, message: @escaping @Sendable (String) -> Void,
         resubscribed: @escaping @Sendable () -> Void) {
        self.cluster = cluster
        self.channels = channels
        self.logger = logger
        let thread = Thread { [self] in run(message: message, resubscribed: resubscribed) }
        thread.name = "push-relay redis cluster subscriber"
        thread.start()
    }

    var isSubscribed: Bool { lock.withLock { subscribed } }

    func stop() {
        let open = lock.withLock { () -> [RedisConnection] in
            stopped = true
            return connections
        }
        open.forEach { $0.shutDown() }
    }

    private func run(message: @escaping @Sendable (String) -> Void, resubscribed: @escaping @Sendable () -> Void) {
        var delay = 0.5, first = true
        while !lock.withLock({ stopped }) {
            var opened: [RedisConnection] = []
            do {
                for (address, names) in try cluster.subscriptionPlan(channels) {
                    let connection = try RedisConnection(address, waitsForMessages: true)
                    opened.append(connection)
                    // Channels of different slots cannot share one SSUBSCRIBE.
                    for name in names { _ = try connection.command(["SSUBSCRIBE", name]) }
                }
            } catch {
                opened.forEach { $0.shutDown() }
                if lock.withLock({ stopped }) { return }
                logger.error("subscribing to the Redis cluster failed (\(error)); delivery across processes waits; retrying in \(delay) s")
                Thread.sleep(forTimeInterval: delay)
                // At most 2 s: a failover takes seconds, and the map read anew then points at the new primary.
                delay = min(delay * 2, 2)
                first = false
                continue
            }
            let cancelled = lock.withLock { () -> Bool in
                connections = opened
                subscribed = !stopped
                return stopped
            }
            if cancelled { opened.forEach { $0.shutDown() } }
            if !first { logger.warning("subscribed to the Redis cluster again; delivery across processes resumes") }
            first = false
            delay = 0.5
            resubscribed()
            Self.readUntilOneEnds(opened, message: message)
            lock.withLock {
                subscribed = false
                connections = []
            }
            if lock.withLock({ stopped }) { return }
            logger.warning("a node of the Redis cluster ended the subscription (it failed, or moved a slot away); subscribing anew")
        }
    }

    /// Reads every connection on a thread of its own until one of them ends, then closes them
    /// all and returns once every reader has.
    private static func readUntilOneEnds(_ connections: [RedisConnection], message: @escaping @Sendable (String) -> Void) {
        let ended = DispatchSemaphore(value: 0), readers = DispatchGroup()
        for connection in connections {
            readers.enter()
            let reader = Thread {
                defer {
                    ended.signal()
                    readers.leave()
                }
                while let parts = try? connection.nextReply().array {
                    if parts.count == 3, parts[0].string == "smessage", let text = parts[2].string {
                        message(text)
                    } else if parts.first?.string == "sunsubscribe" {
                        return
                    }
                }
            }
            reader.name = "push-relay redis cluster reader"
            reader.start()
        }
        ended.wait()
        connections.forEach { $0.shutDown() }
        readers.wait()
    }
}
