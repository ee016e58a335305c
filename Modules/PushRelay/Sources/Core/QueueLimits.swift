/// How much may wait for clients: per push token and in total (count and bytes). When a cap is
/// reached the oldest notifications are dropped first, and counted.
public struct QueueLimits: Sendable, Equatable {
    /// Notifications kept for one token.
    public var perToken = 1000
    /// Notifications kept for every token together.
    public var total = 1_000_000
    /// Payload bytes kept for every token together.
    public var totalBytes = 256 << 20

    /// The largest notification delivered on a stream, as the JSON the device reads: with its
    /// `id:` and `event:` lines it stays under the 64 KiB event the agent takes
    /// (`EventStreamClient.maximumEventSize`), so the relay never queues what its client refuses.
    public static let maximumPayloadSize = 63 << 10

    /// The defaults above.
    public init() {}
}
