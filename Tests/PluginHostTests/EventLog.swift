import Foundation

/// Records what test plugins did, in order, from any thread.
final class EventLog: @unchecked Sendable {
    private var recorded: [String] = []
    private let lock = NSLock()

    func append(_ event: String) {
        lock.withLock { recorded.append(event) }
    }

    var events: [String] { lock.withLock { recorded } }
}
