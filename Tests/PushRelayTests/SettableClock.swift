import Foundation

/// A clock a test moves by hand.
final class SettableClock: @unchecked Sendable {
    private var date: Date
    private let lock = NSLock()

    init(_ date: Date) { self.date = date }

    var now: Date { lock.withLock { date } }

    func advance(days: Double) { lock.withLock { date = date.addingTimeInterval(days * 86_400) } }
}
