/// The world's randomness as a `RandomNumberGenerator`, for `Int.random(in:using:)`,
/// `shuffled(using:)` and the like.
public struct WorldRandom: RandomNumberGenerator {
    /// A generator drawing from `Current.random`.
    public init() {}

    public mutating func next() -> UInt64 {
        Current.random()
    }
}
