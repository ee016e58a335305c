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
    @exclusivity(unchecked) private var subscribers: [String: [StreamSubscriber]] = [:]
    /// Streams by the client's address.
    @exclusivity(unchecked) private var byAddress: [String: Int] = [:]
    @exclusivity(unchecked) private var total = 0
    @exclusivity(unchecked) private var opened: UInt64 = 0
    private let lock = NSLock()

    /// `waiting` reads up to `limit` notifications queued for a key after an id (all when nil).
    public init(limits: StreamLimits = StreamLimits(), logger: Logger = Logger.standardError(label: "push-relay", level: .warning),
                waiting: @escaping @Sendable (_ key: String, _ after: String?, _ limit: Int) throws -> [QueuedNotification] = { _, _, _ in [] }) {
        self.limits = limits
        self.logger = logger
        self.waiting = waiting
    }

    /// Keeps `stream` for `key` until it closes, after closing the key's oldest stream when it
    /// has as many as allowed; sends it what waits after `lastID`. From one address at most
    /// ``StreamLimits/perAddress`` (429); past the total, a device with no stream takes the place
    /// of the oldest stream of whoever holds the most (503 when nobody holds more than is fair).
    func add(_ stream: EventStream, for key: String, from address: String, after lastID: String?) throws(RelayRequestError) {
        lock.lock()
        opened += 1
        let subscriber = StreamSubscriber(stream: stream, key: key, address: address, opened: opened, after: lastID)
        let existing = subscribers[key] ?? []
        var evicted = existing.count >= limits.perToken ? Array(existing.prefix(existing.count - limits.perToken + 1)) : []
        let fromAddress = byAddress[address, default: 0] - evicted.filter { $0.address == address }.count
        guard fromAddress < limits.perAddress else {
            lock.unlock()
            throw RelayRequestError(429, "\(address) holds as many streams as one address may (\(limits.perAddress))")
        }
        if total - evicted.count >= limits.total {
            guard existing.isEmpty, let victim = fairVictim(newcomer: fromAddress) else {
                lock.unlock()
                throw RelayRequestError(503, "the relay holds as many streams as it allows (\(limits.total)); try again later")
            }
            evicted.append(victim)
        }
        for old in evicted { detach(old) }
        subscribers[key] = (subscribers[key] ?? []) + [subscriber]
        byAddress[address, default: 0] += 1
        total += 1
        lock.unlock()
        for old in evicted { old.stream.close() }
        stream.onClose { [weak self] in self?.remove(subscriber) }
        stream.onRoom { [weak self] in self?.drain(key) }
        drain(key)
    }

    /// The oldest stream of the address holding the most, when it holds at least two more than
    /// a newcomer holding `newcomer` (so closing it for the newcomer makes the spread fairer).
    /// Under `lock`; only when every place is taken, so a scan costs nothing in the common case.
    private func fairVictim(newcomer: Int) -> StreamSubscriber? {
        guard let (address, count) = byAddress.max(by: { $0.value < $1.value }), count >= newcomer + 2 else { return nil }
        return subscribers.values.lazy.flatMap { $0 }.filter { $0.address == address }.min { $0.opened < $1.opened }
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

    /// How many streams are open on this process.
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

    private func remove(_ subscriber: StreamSubscriber) {
        lock.withLock { detach(subscriber) }
    }

    /// Forgets `subscriber` (under `lock`); nothing when it was already forgotten.
    private func detach(_ subscriber: StreamSubscriber) {
        let key = subscriber.key
        guard let index = subscribers[key]?.firstIndex(where: { $0 === subscriber }) else { return }
        subscribers[key]?.remove(at: index)
        if subscribers[key]?.isEmpty == true { subscribers[key] = nil }
        let left = byAddress[subscriber.address, default: 1] - 1
        byAddress[subscriber.address] = left > 0 ? left : nil
        total -= 1
    }
}
