import Dispatch
import Foundation

/// The absolute deadline of each open connection's current request: set when the connection
/// opens and again when a request ends (for the next one on a kept-alive connection), cleared
/// once an answer is queued. A sweep every second shuts down the sockets past their deadline,
/// which libmicrohttpd then closes; its own idle timeout restarts on every byte, so without
/// this a client trickling one byte at a time would hold a connection for ever.
final class ConnectionDeadlines: @unchecked Sendable {
    private let nanoseconds: UInt64
    private let expired: @Sendable () -> Void
    // Guarded by `lock`: the open connections (added and removed once each).
    private var connections: [ObjectIdentifier: ConnectionRecord] = [:]
    private let lock = NSLock()
    private let sweep: DispatchSourceTimer

    /// `expired` hears of every connection shut down for its deadline.
    init(seconds: Int, expired: @escaping @Sendable () -> Void) {
        nanoseconds = UInt64(seconds) * 1_000_000_000
        self.expired = expired
        sweep = DispatchSource.makeTimerSource(queue: .global())
        sweep.schedule(deadline: .now() + 1, repeating: 1)
        sweep.setEventHandler { [weak self] in self?.shutDownExpired() }
        sweep.resume()
    }

    func stop() { sweep.cancel() }

    /// A record for a connection that just opened, its first request's deadline running.
    func opened(socket: Int32, address: String) -> ConnectionRecord {
        let record = ConnectionRecord(socket: socket, address: address, deadline: DispatchTime.now().uptimeNanoseconds + nanoseconds)
        lock.withLock { connections[ObjectIdentifier(record)] = record }
        return record
    }

    /// Called before libmicrohttpd closes the socket, so the sweep never touches a reused one.
    func closed(_ record: ConnectionRecord) {
        lock.withLock { _ = connections.removeValue(forKey: ObjectIdentifier(record)) }
    }

    func answered(_ record: ConnectionRecord) {
        record.deadline.store(0, ordering: .relaxed)
    }

    func requestEnded(_ record: ConnectionRecord) {
        record.deadline.store(DispatchTime.now().uptimeNanoseconds + nanoseconds, ordering: .relaxed)
    }

    private func shutDownExpired() {
        let now = DispatchTime.now().uptimeNanoseconds
        let count = lock.withLock { () -> Int in
            var count = 0
            for record in connections.values {
                let deadline = record.deadline.load(ordering: .relaxed)
                guard deadline != 0, deadline < now else { continue }
                shutdown(record.socket, Int32(SHUT_RDWR))
                record.deadline.store(0, ordering: .relaxed)
                count += 1
            }
            return count
        }
        for _ in 0..<count { expired() }
    }
}
