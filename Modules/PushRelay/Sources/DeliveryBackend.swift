import HAModels

/// Where accepted notifications go until a client takes them: this process's SQLite outbox
/// (``LocalDelivery``), or Redis shared by several relay processes (``RedisDelivery``).
public protocol DeliveryBackend: Sendable {
    /// Hands `payload` on towards `token`'s clients.
    func deliver(_ payload: JSONValue, to token: String) throws -> DeliveryOutcome
    /// Sends what waited for `token`, in order, then keeps `stream` for what comes.
    func attach(_ stream: EventStream, for token: String) throws
    /// Streams open on this process.
    var streams: StreamRegistry { get }
    /// Notifications waiting for clients.
    func queueDepth() throws -> Int
    /// Stops background work.
    func stop()
}
