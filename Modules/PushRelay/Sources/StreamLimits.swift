/// How many clients may hold `/push/stream` at once.
public struct StreamLimits: Sendable, Equatable {
    /// Streams of one token; a new one closes the oldest (whoever holds the stream secret may
    /// reconnect before the relay has noticed that its previous connection died).
    public var perToken = 2
    /// Streams of every token together; more are refused.
    public var total = 512

    public init() {}
}
