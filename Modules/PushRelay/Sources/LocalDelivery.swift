import Foundation
import HAModels
import Persistence

/// Delivery within one relay process: a notification for a connected client goes out at once;
/// one for a client that is away waits in the durable outbox (one queue per push token) for up
/// to the TTL and is sent, in order, when the client comes back.
///
/// Queued notifications are written through the relay's ``BatchedWriter``: many requests share
/// one transaction, and a request is answered once the transaction holding its notification has
/// committed.
public final class LocalDelivery: DeliveryBackend, @unchecked Sendable {
    public let streams = StreamRegistry()
    private let pool: DatabasePool
    private let writer: BatchedWriter
    private let ttl: Double
    private let now: @Sendable () -> Date
    /// Keeps a token's draining and delivering in order: writes are queued to the writer under
    /// it, and the writer runs them in that order.
    private let lock = NSLock()

    public init(pool: DatabasePool, writer: BatchedWriter, ttl: Double, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.writer = writer
        self.ttl = ttl
        self.now = now
    }

    public func deliver(_ payload: JSONValue, to token: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        let text: String
        do {
            text = try JSONSerializer.string(payload)
        } catch {
            return completion(.failure(error))
        }
        let streamed = lock.withLock { () -> Bool in
            if streams.send(ServerSentEvent(name: "notification", data: text), to: token) { return true }
            let outbox = queue(for: token), message = Data(text.utf8)
            writer.submit({ database in try outbox.enqueue(message, in: database) }) { error in
                completion(error.map { .failure($0) } ?? .success(.queued))
            }
            return false
        }
        if streamed { completion(.success(.streamed)) }
    }

    public func attach(_ stream: EventStream, for token: String) throws {
        try lock.withLock {
            let outbox = queue(for: token)
            let oldest = now().addingTimeInterval(-ttl)
            // Queued behind every notification submitted before, so it sees them all.
            try writer.write { database in
                while true {
                    let batch = try outbox.nextBatch(limit: 100, in: database)
                    guard !batch.isEmpty else { break }
                    for message in batch where message.enqueuedAt >= oldest {
                        stream.send(ServerSentEvent(name: "notification", data: String(decoding: message.payload, as: UTF8.self)))
                    }
                    _ = try outbox.acknowledge(batch, in: database)
                }
            }
            streams.add(stream, for: token)
        }
    }

    public func queueDepth() throws -> Int {
        try pool.read { database in
            try database.scalar(Int.self, "SELECT COUNT(*) FROM outbox WHERE queue LIKE 'push:%' AND dead = 0") ?? 0
        }
    }

    public func stop() {}

    private func queue(for token: String) -> Outbox {
        Outbox(pool: pool, queue: "push:" + token, now: now)
    }
}
