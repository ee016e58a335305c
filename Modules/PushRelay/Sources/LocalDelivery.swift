import Essentials
import Foundation
import Persistence

/// Delivery within one relay process: a notification for a connected client goes out at once;
/// one for a client that is away waits in the durable ``PushQueue`` for up to the TTL and is
/// sent, in order, when the client comes back. Expired notifications are purged every minute.
///
/// Queued notifications are written through the relay's ``BatchedWriter``: many requests share
/// one transaction, and a delivery completes once the transaction holding it has committed.
public final class LocalDelivery: DeliveryBackend, @unchecked Sendable {
    public let streams = StreamRegistry()
    private let pool: DatabasePool
    private let writer: BatchedWriter
    private let ttl: Double
    private let now: @Sendable () -> Date
    /// Keeps a token's draining and delivering in order: writes are queued to the writer under
    /// it, and the writer runs them in that order.
    private let lock = NSLock()
    private let purge: DispatchSourceTimer

    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        PushQueue.registerMigrations(in: &migrator)
    }

    /// Uses `pool` (whose migrations must include ``registerMigrations(in:)``, after the
    /// Persistence outbox's) and writes through `writer`.
    public init(pool: DatabasePool, writer: BatchedWriter, ttl: Double, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.writer = writer
        self.ttl = ttl
        self.now = now
        purge = DispatchSource.makeTimerSource(queue: .global())
        purge.schedule(deadline: .now() + 60, repeating: 60)
        purge.setEventHandler { writer.submit { database in try PushQueue.purge(queuedBefore: now().addingTimeInterval(-ttl), in: database) } }
        purge.resume()
    }

    public func deliver(_ payload: JSONValue, to token: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        let bytes: [UInt8]
        do {
            bytes = try JSONSerializer.data(payload)
        } catch {
            return completion(.failure(error))
        }
        let date = now()
        let streamed = lock.withLock { () -> Bool in
            // The event text is made only for a client that is connected, not for every queued one.
            if streams.hasStreams(for: token),
               streams.send(ServerSentEvent(name: "notification", data: String(decoding: bytes, as: UTF8.self)), to: token) { return true }
            writer.submit({ database in try PushQueue.enqueue(bytes, for: token, at: date, in: database) }) { error in
                completion(error.map { .failure($0) } ?? .success(.queued))
            }
            return false
        }
        if streamed { completion(.success(.streamed)) }
    }

    public func attach(_ stream: EventStream, for token: String) throws {
        try lock.withLock {
            let oldest = now().addingTimeInterval(-ttl)
            // Queued behind every notification submitted before, so it sees them all; sent once
            // their removal has committed.
            let waiting = try writer.write { database in try PushQueue.take(for: token, queuedSince: oldest, in: database) }
            for payload in waiting {
                stream.send(ServerSentEvent(name: "notification", data: String(decoding: payload, as: UTF8.self)))
            }
            streams.add(stream, for: token)
        }
    }

    public func queueDepth() throws -> Int {
        try pool.read { database in try PushQueue.depth(in: database) }
    }

    public func stop() {
        purge.cancel()
    }
}
