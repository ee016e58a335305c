/// The world's randomness as a `RandomNumberGenerator`, for `Int.random(in:using:)`,
/// `shuffled(using:)` and the like.
public struct WorldRandom: RandomNumberGenerator {
    /// A generator drawing from `Current.random`.
    public init() {}

    public mutating func next() -> UInt64 {
        Current.random()
    }

    /// `count` random bytes from the world's secure generator.
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = WorldRandom()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
