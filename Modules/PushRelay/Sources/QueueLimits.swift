/// How much may wait for clients: per push token and in total (count and bytes). When a cap is
/// reached the oldest notifications are dropped first, and counted.
public struct QueueLimits: Sendable, Equatable {
    /// Notifications kept for one token.
    public var perToken = 1000
    /// Notifications kept for every token together.
    public var total = 1_000_000
    /// Payload bytes kept for every token together.
    public var totalBytes = 256 << 20

    public init() {}
}
