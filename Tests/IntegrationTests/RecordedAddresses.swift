import Foundation

/// Addresses written down from any thread.
final class RecordedAddresses: @unchecked Sendable {
    private let lock = NSLock()
    private var addresses: [String] = []

    /// Writes `address` down.
    func append(_ address: String) {
        lock.withLock { addresses.append(address) }
    }

    /// What was written down so far.
    var all: [String] { lock.withLock { addresses } }
}
