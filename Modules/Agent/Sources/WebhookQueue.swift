import Essentials
import FoundationEssentials
import Persistence

/// The agent's durable webhook queue: every call goes through the Persistence outbox (SQLite in
/// the server's data folder) before it is sent, so nothing is lost while the server is down or
/// the agent is killed; calls with the same coalescing key (a sensor's update) keep only the
/// newest. Delivery is in order; a call that cannot reach the server waits, with backoff, and
/// holds back those behind it. One process at a time delivers (the daemon and a `home agent
/// event` beside it share the file): the other leaves what it queued to the one delivering.
public final class WebhookQueue: Sendable {
    static let fileName = "webhooks.sqlite"
    static let deliveryLockName = "webhooks.lock"
    /// Retries for a server that is away: 1 s doubling to 1 minute, and never given up on.
    static let policy = OutboxPolicy(baseDelay: 1, maximumDelay: 60, maximumAttempts: Int.max)

    private let outbox: Outbox
    private let deliveryLock: String
    private let deliveryPatience: Double

    /// Opens the queue in `folder`; a flush waits up to `deliveryPatience` seconds for another
    /// process's delivery to finish before leaving its calls to that one.
    public init(folder: URL, deliveryPatience: Double = 5) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let pool = try DatabasePool(url: folder.appendingPathComponent(Self.fileName))
        var migrator = DatabaseMigrator()
        Outbox.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        outbox = Outbox(pool: pool, queue: "webhooks", policy: Self.policy)
        deliveryLock = folder.appendingPathComponent(Self.deliveryLockName).path
        self.deliveryPatience = deliveryPatience
    }

    /// Queues a call; with `key`, it replaces the queued call with the same key.
    public func enqueue(_ type: String, _ data: JSONValue, key: String? = nil) throws {
        try outbox.enqueue(Data(try JSONSerializer.data(.object(["type": .string(type), "data": data]))), key: key)
    }

    /// Calls waiting to be sent.
    public func pendingCount() throws -> Int {
        try outbox.pendingCount()
    }

    /// Sends what is due, in order, handing each answer to `handle`; stops at the first call
    /// that fails (it is retried later). Returns how many were sent: none when another process
    /// kept delivering for the delivery patience (it sends what is due, these too).
    @discardableResult
    public func flush(through webhook: WebhookClient, handle: (String, JSONValue, JSONValue?) async throws -> Void) async throws -> Int {
        guard let lock = try await FileLock.acquire(path: deliveryLock, patience: deliveryPatience) else { return 0 }
        defer { lock.release() }
        guard try !outbox.nextBatch(limit: 1).isEmpty else { return 0 }
        // An unknown webhook gets an empty 200, which is also what a server still starting
        // (mobile_app not loaded yet) answers, and what a fire_event gets when it worked: calls
        // sent then would be taken as delivered and lost. A live registration always answers
        // get_config with a body, so the queue waits until it does.
        guard try await webhook.send("get_config") != nil else {
            throw WebhookError.transport("the webhook answered get_config with nothing (the server is starting, or the registration is gone); the queue waits")
        }
        var sent = 0
        while true {
            let batch = try outbox.nextBatch(limit: 20)
            guard !batch.isEmpty else { return sent }
            for message in batch {
                let call = try JSONParser.parse([UInt8](message.payload)).objectValue ?? [:]
                guard case .string(let type)? = call["type"] else {
                    _ = try outbox.acknowledge([message])
                    continue
                }
                let data = call["data"] ?? .object([:])
                let answer: JSONValue?
                do {
                    answer = try await webhook.send(type, data)
                } catch {
                    _ = try outbox.fail(message, reason: "\(error)")
                    throw error
                }
                _ = try outbox.acknowledge([message])
                sent += 1
                try await handle(type, data, answer)
            }
        }
    }
}
