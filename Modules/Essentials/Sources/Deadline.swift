/// A moment some seconds ahead on the world's monotonic clock, so a deadline neither stretches nor
/// shrinks when the wall clock is set.
public struct Deadline: Sendable {
    private let at: Double

    /// The moment `seconds` from now.
    public init(in seconds: Double) {
        at = Current.uptime() + seconds
    }

    /// Seconds left, negative once it has passed.
    public var remaining: Double { at - Current.uptime() }

    /// Whether the moment has come.
    public var hasPassed: Bool { remaining <= 0 }
}
