import Essentials
import Foundation

/// Listens on channels of one Redis on a thread of its own and keeps listening: when the
/// connection fails (Redis restarted, `CLIENT KILL`, a network cut) it logs, waits 0.5, 1, 2 … up
/// to 30 seconds and subscribes again, then calls `resubscribed` (messages may have been missed).
final class RedisSubscriber: RedisListener, @unchecked Sendable {
    private let pool: RedisPool
    private let channels: [String]
    private let logger: Logger
    // Guarded by `lock`.
    private var connection: RedisConnection?
    private var stopped = false
    private var subscribed = false
    private let lock = NSLock()

    init(pool: RedisPool, channels: [String], logger: Logger, message: @escaping @Sendable (String) -> Void,
         resubscribed: @escaping @Sendable () -> Void) {
        self.pool = pool
        self.channels = channels
        self.logger = logger
        let thread = Thread { [self] in run(message: message, resubscribed: resubscribed) }
        thread.name = "push-relay redis subscriber"
        thread.start()
    }

    /// Whether the subscription is up now.
    var isSubscribed: Bool { lock.withLock { subscribed } }

    func stop() {
        let open = lock.withLock { () -> RedisConnection? in
            stopped = true
            return connection
        }
        open?.shutDown()
    }

    private func run(message: @escaping @Sendable (String) -> Void, resubscribed: @escaping @Sendable () -> Void) {
        var delay = 0.5, first = true
        while !lock.withLock({ stopped }) {
            do {
                let connection = try pool.subscriberConnection()
                // One confirmation per channel.
                _ = try connection.command(["SUBSCRIBE"] + channels)
                for _ in channels.dropFirst() { _ = try connection.nextReply() }
                let cancelled = lock.withLock { () -> Bool in
                    self.connection = connection
                    subscribed = !stopped
                    return stopped
                }
                if cancelled { connection.shutDown() }
                if !first { logger.warning("subscribed to Redis again; delivery across processes resumes") }
                first = false
                delay = 0.5
                resubscribed()
                while true {
                    let parts = try connection.nextReply().array
                    guard parts.count == 3, parts[0].string == "message", let text = parts[2].string else { continue }
                    message(text)
                }
            } catch {
                let stopping = lock.withLock { () -> Bool in
                    subscribed = false
                    connection = nil
                    return stopped
                }
                if stopping { return }
                logger.error("the Redis subscription failed (\(error)); delivery across processes waits; retrying in \(delay) s")
                Thread.sleep(forTimeInterval: delay)
                delay = min(delay * 2, 30)
                first = false
            }
        }
    }
}
