import Foundation

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    private let lock = NSLock()

    var now: Date { lock.withLock { current } }

    func advance(_ seconds: Double) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }
}
