import Essentials
import Foundation

/// Failures of background work, counted for `/metrics` and each logged, since no caller is
/// there to be told.
final class FailureCount: @unchecked Sendable {
    private let logger: Logger
    // Guarded by `lock`.
    private var count = 0
    private let lock = NSLock()

    init(logger: Logger) {
        self.logger = logger
    }

    /// How many so far.
    var value: Int { lock.withLock { count } }

    /// Counts one and logs `what` as a warning.
    func record(_ what: String) {
        lock.withLock { count += 1 }
        logger.warning(what)
    }

    /// Counts one without logging (a failure already said, repeating).
    func recordQuietly() {
        lock.withLock { count += 1 }
    }
}
