import Foundation

/// Flags set from many threads, by index.
final class ManagedFlags: @unchecked Sendable {
    private let lock = NSLock()
    private var flags: [Int: Bool] = [:]

    func set(_ index: Int, _ value: Bool) { lock.withLock { flags[index] = value } }

    var trueCount: Int { lock.withLock { flags.values.filter { $0 }.count } }
}
