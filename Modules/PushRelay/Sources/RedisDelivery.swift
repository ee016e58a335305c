import Essentials
import Foundation

/// Delivery shared by every relay process on one Redis. Each notification is appended to its
/// token's Redis stream (`push-relay:queue:<token>`, trimmed to the TTL) and announced on a
/// channel; the process holding that token's client takes the entries in order (deleting each
/// as it sends it, so no other process sends it again). A client that reconnects to any process
/// gets what it missed.
public final class RedisDelivery: DeliveryBackend, @unchecked Sendable {
    static let channel = "push-relay:deliveries"
    /// Queues ARGV[1] on the token's stream, renews its time to live (ARGV[2] seconds) and
    /// announces the token (ARGV[4]) on the channel (ARGV[3]): one round trip, one atomic step.
    private static let deliverScript = """
        redis.call('XADD', KEYS[1], '*', 'payload', ARGV[1])
        redis.call('EXPIRE', KEYS[1], ARGV[2])
        redis.call('PUBLISH', ARGV[3], ARGV[4])
        """

    public let streams = StreamRegistry()
    private let pool: RedisPool
    private let ttl: Double
    private let subscriber: RedisConnection
    /// Keeps this process's draining in order.
    private let lock = NSLock()

    public init(pool: RedisPool, ttl: Double) throws {
        self.pool = pool
        self.ttl = ttl
        subscriber = try pool.dedicatedConnection()
        _ = try subscriber.command(["SUBSCRIBE", Self.channel])
        let thread = Thread { [weak self, subscriber] in
            while let reply = try? subscriber.nextReply() {
                let parts = reply.array
                guard parts.count == 3, parts[0].string == "message", let token = parts[2].string else { continue }
                self?.drain(token)
            }
        }
        thread.name = "push-relay redis subscriber"
        thread.start()
    }

    public func deliver(_ payload: JSONValue, to token: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void) {
        completion(Result { try deliverNow(payload, to: token) })
    }

    private func deliverNow(_ payload: JSONValue, to token: String) throws -> DeliveryOutcome {
        try pool.command(["EVAL", Self.deliverScript, "1", Self.key(token), try JSONSerializer.string(payload), String(Int(ttl)), Self.channel, token])
        return .accepted
    }

    public func attach(_ stream: EventStream, for token: String) throws {
        streams.add(stream, for: token)
        drain(token)
    }

    public func queueDepth() throws -> Int {
        var cursor = "0", depth = 0
        repeat {
            let reply = try pool.command(["SCAN", cursor, "MATCH", "push-relay:queue:*", "COUNT", "1000"]).array
            cursor = reply.first?.string ?? "0"
            for key in reply.last?.array ?? [] {
                if let name = key.string { depth += Int(try pool.command(["XLEN", name]).integer ?? 0) }
            }
        } while cursor != "0"
        return depth
    }

    public func stop() {
        subscriber.shutDown()
    }

    /// Sends `token`'s waiting entries to its streams here, oldest first, dropping expired ones.
    private func drain(_ token: String) {
        lock.withLock {
            let key = Self.key(token)
            let oldest = String(Int((Date().timeIntervalSince1970 - ttl) * 1000))
            _ = try? pool.command(["XTRIM", key, "MINID", oldest])
            while streams.hasStreams(for: token) {
                guard let entries = try? pool.command(["XRANGE", key, "-", "+", "COUNT", "100"]).array, !entries.isEmpty else { return }
                for entry in entries {
                    let parts = entry.array
                    guard parts.count == 2, let id = parts[0].string, let fields = Optional(parts[1].array), fields.count == 2,
                          let payload = fields[1].string else { continue }
                    // Whoever deletes an entry sends it: no other process sends it again.
                    guard (try? pool.command(["XDEL", key, id]).integer) == 1 else { continue }
                    if !streams.send(ServerSentEvent(name: "notification", data: payload, id: id), to: token) {
                        // The client left meanwhile: put it back for the next connection.
                        _ = try? pool.command(["XADD", key, "*", "payload", payload])
                        return
                    }
                }
            }
        }
    }

    private static func key(_ token: String) -> String { "push-relay:queue:" + token }
}
