import Essentials
import FoundationEssentials

/// The first of a plugin's stop and its deadline to finish resumes the waiting caller; the
/// second is ignored.
final class StopRace: @unchecked Sendable {
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<Bool, Never>?
    private let lock = Lock()

    func install(_ continuation: CheckedContinuation<Bool, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func finish(_ stopped: Bool) {
        let waiting = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: stopped)
    }
}
