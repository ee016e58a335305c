import Dispatch
import Synchronization

/// What the server keeps for one open connection, made once when it opens: its socket, its
/// peer's address (so requests do not look it up again), and the deadline of its current
/// request in uptime nanoseconds (0 while none runs), changed per request without a lock.
final class ConnectionRecord: Sendable {
    let socket: Int32
    let address: String
    let deadline: Atomic<UInt64>

    init(socket: Int32, address: String, deadline: UInt64) {
        self.socket = socket
        self.address = address
        self.deadline = Atomic(deadline)
    }
}
