import Synchronization

/// What the menu's entries did, in order.
final class ClickLog: Sendable {
    private let entries = Mutex<[String]>([])

    var all: [String] { entries.withLock { $0 } }

    func add(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }
}
