import Foundation

/// Counts and a largest value that the threads of a test share.
final class SharedTally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var maximum = 0

    func add() {
        lock.withLock { count += 1 }
    }

    func record(_ value: Int) {
        lock.withLock { maximum = max(maximum, value) }
    }

    var value: Int { lock.withLock { count } }
    var largest: Int { lock.withLock { maximum } }
}
