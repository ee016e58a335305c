import Essentials
import FoundationEssentials
import Transport

/// How many events a subscription's consumer has not taken yet. The connection stops reading
/// while one is over ``limit`` (so the socket fills and TCP slows the server: memory does not grow
/// with the server's speed) until the consumer takes some, or until ``patience`` passes without
/// it taking any — a consumer waiting on a reply from the same connection is never deadlocked.
final class SubscriptionBacklog: @unchecked Sendable {
    /// Events a consumer may be behind before the connection waits for it.
    static let limit = 16
    /// How long the connection waits for a consumer that takes nothing.
    static let patience: Double = 1

    private let lock = Lock()
    private var pending = 0
    private var taking = 0
    private var waiter: CheckedContinuation<Void, Never>?
    private var ended = false

    func added(_ count: Int) {
        lock.withLock { pending += count }
    }

    /// The consumer took `count` events.
    func taken(_ count: Int) {
        let resumed: CheckedContinuation<Void, Never>? = lock.withLock {
            pending = max(0, pending - count)
            taking &+= 1
            guard pending <= Self.limit else { return nil }
            defer { waiter = nil }
            return waiter
        }
        resumed?.resume()
    }

    /// The subscription ended: nothing waits for it any more.
    func end() {
        let resumed: CheckedContinuation<Void, Never>? = lock.withLock {
            ended = true
            defer { waiter = nil }
            return waiter
        }
        resumed?.resume()
    }

    var isOver: Bool {
        lock.withLock { !ended && pending > Self.limit }
    }

    /// Waits while the consumer is over the limit and keeps taking; returns after ``patience``
    /// seconds in which it took nothing.
    func waitForConsumer() async {
        while isOver {
            let progress = lock.withLock { taking }
            let timer = Task { [weak self] in
                try? await Current.sleep(Self.patience)
                self?.expire()
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = lock.withLock { () -> Bool in
                    guard !ended, pending > Self.limit else { return true }
                    waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
            timer.cancel()
            if lock.withLock({ taking == progress }) { return }
        }
    }

    private func expire() {
        let resumed: CheckedContinuation<Void, Never>? = lock.withLock {
            defer { waiter = nil }
            return waiter
        }
        resumed?.resume()
    }
}
