/// How an ``Outbox`` retries: exponential backoff, then a dead letter.
public struct OutboxPolicy: Sendable, Equatable {
    /// The delay after the first failure, in seconds.
    public let baseDelay: Double
    /// The longest delay between attempts, in seconds.
    public let maximumDelay: Double
    /// After this many failed attempts a message becomes a dead letter.
    public let maximumAttempts: Int

    /// Creates a policy; the defaults retry after 1, 2, 4 … seconds up to 5 minutes, 10 times.
    public init(baseDelay: Double = 1, maximumDelay: Double = 300, maximumAttempts: Int = 10) {
        self.baseDelay = max(0, baseDelay)
        self.maximumDelay = max(self.baseDelay, maximumDelay)
        self.maximumAttempts = max(1, maximumAttempts)
    }

    /// The delay before the next attempt after `attempts` failures.
    public func delay(afterAttempts attempts: Int) -> Double {
        let exponent = Double(max(0, attempts - 1))
        return min(maximumDelay, baseDelay * pow2(exponent))
    }

    private func pow2(_ exponent: Double) -> Double {
        exponent >= 1_000 ? .infinity : Double(sign: .plus, exponent: Int(exponent), significand: 1)
    }
}
