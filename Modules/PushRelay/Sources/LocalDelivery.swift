import Foundation
import HAModels
import Persistence

/// Delivery within one relay process: a notification for a connected client goes out at once;
/// one for a client that is away waits in the durable outbox (one queue per push token) for up
/// to the TTL and is sent, in order, when the client comes back.
public final class LocalDelivery: DeliveryBackend, @unchecked Sendable {
    public let streams = StreamRegistry()
    private let pool: DatabasePool
    private let ttl: Double
    private let now: @Sendable () -> Date
    /// Keeps a token's draining and delivering in order.
    private let lock = NSLock()

    public init(pool: DatabasePool, ttl: Double, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.ttl = ttl
        self.now = now
    }

    public func deliver(_ payload: JSONValue, to token: String) throws -> DeliveryOutcome {
        let text = try JSONSerializer.string(payload)
        return try lock.withLock {
            if streams.send(ServerSentEvent(name: "notification", data: text), to: token) { return .streamed }
            try queue(for: token).enqueue(Data(text.utf8))
            return .queued
        }
    }

    public func attach(_ stream: EventStream, for token: String) throws {
        try lock.withLock {
            let outbox = queue(for: token)
            let oldest = now().addingTimeInterval(-ttl)
            while true {
                let batch = try outbox.nextBatch(limit: 100)
                guard !batch.isEmpty else { break }
                for message in batch where message.enqueuedAt >= oldest {
                    stream.send(ServerSentEvent(name: "notification", data: String(decoding: message.payload, as: UTF8.self)))
                }
                _ = try outbox.acknowledge(batch)
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
