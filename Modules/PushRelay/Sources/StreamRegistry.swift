import Dispatch
import Essentials
import Foundation

/// The event streams open on this process, by token key, and their draining: whenever a
/// notification is queued for a token (or a stream attaches, or a slow client has read its
/// backlog), each of its streams is sent what waits after the last id it was sent, in order,
/// while it has room. Notifications stay queued until the client acknowledges them, so a stream
/// that breaks loses nothing.
public final class StreamRegistry: @unchecked Sendable {
    private let limits: StreamLimits
    private let waiting: @Sendable (_ key: String, _ after: String?, _ limit: Int) throws -> [QueuedNotification]
    private let logger: Logger
    /// Drains run one at a time, off the request threads.
    private let drainQueue = DispatchQueue(label: "push-relay.drain")
    // Guarded by `lock`.
    private var subscribers: [String: [StreamSubscriber]] = [:]
    private var total = 0
    private let lock = NSLock()

    /// `waiting` reads up to `limit` notifications queued for a key after an id (all when nil).
    public init(limits: StreamLimits = StreamLimits(), logger: Logger = Logger.standardError(label: "push-relay", level: .warning),
                waiting: @escaping @Sendable (_ key: String, _ after: String?, _ limit: Int) throws -> [QueuedNotification] = { _, _, _ in [] }) {
        self.limits = limits
        self.logger = logger
        self.waiting = waiting
    }

    /// Keeps `stream` for `key` until it closes, after closing the key's oldest stream when it
    /// has as many as allowed; sends it what waits after `lastID`.
    func add(_ stream: EventStream, for key: String, after lastID: String?) throws(RelayRequestError) {
        let subscriber = StreamSubscriber(stream: stream, after: lastID)
        lock.lock()
        let existing = subscribers[key] ?? []
        let evicted = existing.count >= limits.perToken ? Array(existing.prefix(existing.count - limits.perToken + 1)) : []
        guard total - evicted.count < limits.total else {
            lock.unlock()
            throw RelayRequestError(503, "the relay holds as many streams as it allows (\(limits.total)); try again later")
        }
        subscribers[key] = Array(existing.dropFirst(evicted.count)) + [subscriber]
        total += 1 - evicted.count
        lock.unlock()
        for old in evicted { old.stream.close() }
        stream.onClose { [weak self] in self?.remove(subscriber, from: key) }
        stream.onRoom { [weak self] in self?.drain(key) }
        drain(key)
    }

    /// Sends what waits for `key` to its streams, soon, on the drain queue.
    func drain(_ key: String) {
        drainQueue.async { [self] in drainNow(key) }
    }

    /// Drains every key with a stream here (after announcements may have been missed).
    func drainAll() {
        for key in lock.withLock({ Array(subscribers.keys) }) { drain(key) }
    }

    func hasStreams(for key: String) -> Bool {
        lock.withLock { subscribers[key] != nil }
    }

    /// Sends a keep-alive comment on every stream, which also finds clients that went away.
    public func keepAlive() {
        let all = lock.withLock { subscribers.values.flatMap { $0 } }
        for subscriber in all where !subscriber.stream.sendKeepAlive() { subscriber.stream.close() }
    }

    public var count: Int { lock.withLock { total } }

    /// Closes `key`'s streams.
    func close(_ key: String) {
        for subscriber in lock.withLock({ subscribers[key] ?? [] }) { subscriber.stream.close() }
    }

    /// Closes every stream.
    func closeAll() {
        for subscriber in lock.withLock({ subscribers.values.flatMap { $0 } }) { subscriber.stream.close() }
    }

    private func drainNow(_ key: String) {
        for subscriber in lock.withLock({ subscribers[key] ?? [] }) {
            do {
                while subscriber.stream.hasRoom, !subscriber.stream.isClosed {
                    let batch = try waiting(key, subscriber.lastSentID, 100)
                    for notification in batch {
                        subscriber.stream.send(ServerSentEvent(name: "notification", data: notification.payload, id: notification.id))
                        subscriber.lastSentID = notification.id
                    }
                    if batch.count < 100 { break }
                }
            } catch {
                // Still queued: the next notification, attach or reconnect drains it again.
                logger.error("cannot read the queue for a stream: \(error)")
            }
        }
    }

    private func remove(_ subscriber: StreamSubscriber, from key: String) {
        lock.withLock {
            guard let index = subscribers[key]?.firstIndex(where: { $0 === subscriber }) else { return }
            subscribers[key]?.remove(at: index)
            total -= 1
            if subscribers[key]?.isEmpty == true { subscribers[key] = nil }
        }
    }
}
