import Glibc

/// A mutual-exclusion lock over a pthread mutex: what `NSLock` gives, without linking Foundation
/// (whose libraries and ICU are most of a small daemon's resident memory).
public final class Lock: @unchecked Sendable {
    /// The mutex, for ``Condition``'s waits.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Gives the lock up (held by the caller).
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` holding the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
