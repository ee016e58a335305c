import Dispatch
import Foundation

/// The absolute deadline of each open connection's current request: set when the connection
/// opens and again when a request ends (for the next one on a kept-alive connection), cleared
/// once an answer is queued. A sweep every second shuts down the sockets past their deadline,
/// which libmicrohttpd then closes; its own idle timeout restarts on every byte, so without
/// this a client trickling one byte at a time would hold a connection for ever.
final class ConnectionDeadlines: @unchecked Sendable {
    private let seconds: Double
    private let expired: @Sendable () -> Void
    // Guarded by `lock`: each open connection's socket and deadline (nil while answered).
    private var connections: [OpaquePointer: (socket: Int32, deadline: DispatchTime?)] = [:]
    private let lock = NSLock()
    private let sweep: DispatchSourceTimer

    /// `expired` hears of every connection shut down for its deadline.
    init(seconds: Int, expired: @escaping @Sendable () -> Void) {
        self.seconds = Double(seconds)
        self.expired = expired
        sweep = DispatchSource.makeTimerSource(queue: .global())
        sweep.schedule(deadline: .now() + 1, repeating: 1)
        sweep.setEventHandler { [weak self] in self?.shutDownExpired() }
        sweep.resume()
    }

    func stop() { sweep.cancel() }

    func opened(_ connection: OpaquePointer, socket: Int32) {
        lock.withLock { connections[connection] = (socket, .now() + seconds) }
    }

    /// Called before libmicrohttpd closes the socket, so the sweep never touches a reused one.
    func closed(_ connection: OpaquePointer) {
        lock.withLock { _ = connections.removeValue(forKey: connection) }
    }

    func answered(_ connection: OpaquePointer) {
        lock.withLock { connections[connection]?.deadline = nil }
    }

    func requestEnded(_ connection: OpaquePointer) {
        lock.withLock { connections[connection]?.deadline = .now() + seconds }
    }

    private func shutDownExpired() {
        let now = DispatchTime.now()
        let count = lock.withLock { () -> Int in
            var count = 0
            for (connection, entry) in connections {
                guard let deadline = entry.deadline, deadline < now else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                connections[connection]?.deadline = nil
                count += 1
            }
            return count
        }
        for _ in 0..<count { expired() }
    }
}
