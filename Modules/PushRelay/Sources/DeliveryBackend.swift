import Essentials

/// Where accepted notifications go until a client takes them: this process's SQLite outbox
/// (``LocalDelivery``), or Redis shared by several relay processes (``RedisDelivery``).
public protocol DeliveryBackend: Sendable {
    /// Hands `payload` on towards `token`'s clients; `completion` runs once it was sent or is
    /// durably queued, or with the reason it could not be — on any thread, possibly before
    /// this returns.
    func deliver(_ payload: JSONValue, to token: String, completion: @escaping @Sendable (Result<DeliveryOutcome, any Error>) -> Void)
    /// Sends what waited for `token`, in order, then keeps `stream` for what comes.
    func attach(_ stream: EventStream, for token: String) throws
    /// Streams open on this process.
    var streams: StreamRegistry { get }
    /// Notifications waiting for clients.
    func queueDepth() throws -> Int
    /// Stops background work.
    func stop()
}
