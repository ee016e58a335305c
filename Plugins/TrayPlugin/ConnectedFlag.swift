import Synchronization

/// Whether the tray's connection is ready, shared between the task that follows it and the menu.
final class ConnectedFlag: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set(_ connected: Bool) {
        value.withLock { $0 = connected }
    }
}
