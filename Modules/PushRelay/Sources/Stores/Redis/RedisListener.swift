/// A subscription kept up on a thread of its own (``RedisClient/listen(to:logger:message:resubscribed:)``).
public protocol RedisListener: Sendable {
    /// Whether every channel is subscribed now.
    var isSubscribed: Bool { get }
    /// Ends the subscription and its thread.
    func stop()
}
