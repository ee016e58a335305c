import Foundation

/// A flag one task sets and another polls: used instead of cancelling a task that may be inside
/// `URLSession.data(for:)`, whose cancellation can deadlock swift-corelibs-foundation.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    var isSet: Bool { lock.withLock { stopped } }

    func set() { lock.withLock { stopped = true } }
}
