/// How many clients may hold `/push/stream` at once.
public struct StreamLimits: Sendable, Equatable {
    /// Streams of one token; a new one closes the oldest (whoever holds the stream secret may
    /// reconnect before the relay has noticed that its previous connection died).
    public var perToken = 2
    /// Streams of every token together. When they are all taken, a device with no stream is
    /// admitted by closing the oldest stream of the address that holds the most, as long as that
    /// address holds at least two more than the newcomer's; otherwise it is refused (503).
    public var total = 512
    /// Streams from one IP address, of any tokens; more are refused (429).
    public var perAddress = 8

    /// The defaults above.
    public init() {}
}
