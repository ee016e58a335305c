import Foundation

/// A counter several threads increment.
final class ManagedCounter: @unchecked Sendable {
    private var count = 0
    private let lock = NSLock()

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
