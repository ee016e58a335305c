import Foundation
import HAModels
import Persistence

/// Direct delivery to clients holding `GET /push/stream`: a notification for a connected
/// client goes out at once; one for a client that is away waits in the durable outbox (one
/// queue per push token) for up to the TTL and is sent, in order, when the client comes back.
public final class DeliveryHub: @unchecked Sendable {
    /// How a notification was handled.
    public enum Outcome: String, Sendable {
        case streamed, queued
    }

    private let pool: DatabasePool
    private let ttl: Double
    private let now: @Sendable () -> Date
    // Guarded by `lock`, which also keeps a token's draining and delivering in order.
    private var streams: [String: [EventStream]] = [:]
    private let lock = NSLock()

    public init(pool: DatabasePool, ttl: Double, now: @escaping @Sendable () -> Date = { Date() }) {
        self.pool = pool
        self.ttl = ttl
        self.now = now
    }

    /// Sends `payload` to `token`'s connected clients, or queues it for them.
    public func deliver(_ payload: JSONValue, to token: String) throws -> Outcome {
        let text = try JSONSerializer.string(payload)
        return try lock.withLock {
            let open = (streams[token] ?? []).filter { $0.send(ServerSentEvent(name: "notification", data: text)) }
            streams[token] = open.isEmpty ? nil : open
            if !open.isEmpty { return .streamed }
            try queue(for: token).enqueue(Data(text.utf8))
            return .queued
        }
    }

    /// Sends what waited for `token` (dropping what outlived the TTL), then keeps `stream` for new notifications.
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
            streams[token, default: []].append(stream)
        }
        stream.onClose { [weak self] in self?.detach(stream, from: token) }
    }

    /// Sends a keep-alive comment on every stream, which also finds clients that went away.
    public func keepAlive() {
        let all = lock.withLock { streams.values.flatMap { $0 } }
        for stream in all where !stream.sendKeepAlive() { stream.close() }
    }

    /// Streams open now.
    public var connectedClients: Int { lock.withLock { streams.values.reduce(0) { $0 + $1.count } } }

    /// Notifications waiting for clients, across all tokens.
    public func queueDepth() throws -> Int {
        try pool.read { database in
            try database.scalar(Int.self, "SELECT COUNT(*) FROM outbox WHERE queue LIKE 'push:%' AND dead = 0") ?? 0
        }
    }

    private func detach(_ stream: EventStream, from token: String) {
        lock.withLock {
            streams[token]?.removeAll { $0 === stream }
            if streams[token]?.isEmpty == true { streams[token] = nil }
        }
    }

    private func queue(for token: String) -> Outbox {
        Outbox(pool: pool, queue: "push:" + token, now: now)
    }
}
