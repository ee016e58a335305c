import Foundation

/// A set of keys several threads add to.
final class ManagedKeys: @unchecked Sendable {
    private var keys: Set<String> = []
    private let lock = NSLock()

    func insert(_ key: String) { _ = lock.withLock { keys.insert(key) } }
    var all: Set<String> { lock.withLock { keys } }
}
