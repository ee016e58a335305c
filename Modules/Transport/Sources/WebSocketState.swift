import Dispatch
import Essentials
import FoundationEssentials

/// The closing-handshake flags and the write lock of one ``WebSocketClient``.
final class WebSocketState: @unchecked Sendable {
    /// Serializes frame writes, so frames never interleave on the wire.
    let writeLock = Lock()
    private let lock = Lock()
    private var closeSent = false
    private var closeReceived = false

    var isCloseSent: Bool { lock.withLock { closeSent } }
    var isCloseReceived: Bool { lock.withLock { closeReceived } }

    /// Marks the close frame as sent; false when it already was.
    func markCloseSent() -> Bool {
        lock.withLock {
            defer { closeSent = true }
            return !closeSent
        }
    }

    func markCloseReceived() {
        lock.withLock { closeReceived = true }
    }

    /// Runs `action` after `seconds` unless the server answered the close by then.
    func scheduleForcedClose(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            if !isCloseReceived { action() }
        }
    }
}
