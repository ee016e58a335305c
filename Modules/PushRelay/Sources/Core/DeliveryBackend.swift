import Essentials

/// Where accepted notifications wait until their client acknowledges them: this process's
/// SQLite queue (``LocalDelivery``), or Redis shared by several relay processes
/// (``RedisDelivery``). Tokens appear here only as their keys (digests).
public protocol DeliveryBackend: Sendable {
    /// Queues `payload` (a notification's JSON, as the device will read it) for `key` and sends
    /// it to the key's open streams; `completion` runs once it is durably queued, or with the
    /// reason it could not be — on any thread, possibly before this returns.
    func deliver(_ payload: [UInt8], to key: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void)
    /// Forgets what the client acknowledged (`lastID`), then keeps `stream` for `key` (opened
    /// from the IP address `address`) and sends it everything after that, in order, and what comes.
    func attach(_ stream: EventStream, for key: String, from address: String, after lastID: String?) throws
    /// Removes `key`'s notifications up to and including `id`, which the client has.
    func acknowledge(_ key: String, through id: String) throws
    /// Closes `key`'s streams here and removes everything queued for it (the device unregistered).
    func forget(_ key: String)
    /// Streams open on this process.
    var streams: StreamRegistry { get }
    /// Notifications waiting for clients.
    func queueDepth() throws -> Int
    /// Notifications dropped because a queue cap was reached, since the process started.
    var droppedCount: Int { get }
    /// Background work that failed (a health check, an expiry sweep, a removal), since the
    /// process started; each is also logged.
    var backgroundFailures: Int { get }
    /// False while the backend cannot store or announce notifications (Redis unreachable).
    var isHealthy: Bool { get }
    /// Stops background work and closes the streams.
    func stop()
}
