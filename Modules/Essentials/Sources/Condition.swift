import FoundationEssentials
import Glibc

/// A lock with a condition variable (pthread): what `NSCondition` gives, without Foundation.
/// `wait` is called holding the lock; `signal` and `broadcast` may be called after giving it up
/// (once the state waited for was changed under it), so that the woken thread does not wait for it.
public final class Condition: @unchecked Sendable {
    private let exclusion = Lock()
    private let variable: UnsafeMutablePointer<pthread_cond_t>

    /// A new condition, its lock not held.
    public init() {
        variable = .allocate(capacity: 1)
        variable.initialize(to: pthread_cond_t())
        pthread_cond_init(variable, nil)
    }

    deinit {
        pthread_cond_destroy(variable)
        variable.deallocate()
    }

    /// Waits for the lock and takes it.
    public func lock() {
        exclusion.lock()
    }

    /// Gives the lock up (held by the caller).
    public func unlock() {
        exclusion.unlock()
    }

    /// Releases the lock until signalled (or woken spuriously), then holds it again.
    public func wait() {
        pthread_cond_wait(variable, exclusion.mutex)
    }

    /// As ``wait()``, giving up at `deadline` (wall-clock time, as the condition's clock is):
    /// false when the deadline passed.
    public func wait(until deadline: Date) -> Bool {
        let seconds = deadline.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        return pthread_cond_timedwait(variable, exclusion.mutex, &time) == 0
    }

    /// Wakes one waiter.
    public func signal() {
        pthread_cond_signal(variable)
    }

    /// Wakes every waiter.
    public func broadcast() {
        pthread_cond_broadcast(variable)
    }
}
