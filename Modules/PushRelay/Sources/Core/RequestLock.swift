import Synchronization

/// The lock of state every request touches (registrations, counts, the queue's index, the address
/// limiter, metrics, an event loop's hand-back queue): a `Mutex`, a futex word that costs no call
/// into pthreads when nobody else holds it, at about a third of `NSLock`'s cost; a request takes several.
final class RequestLock: Sendable {
    private let mutex = Mutex(())

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
