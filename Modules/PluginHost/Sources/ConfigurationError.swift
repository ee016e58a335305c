/// A configuration value that decoded but is not acceptable, naming the key and why.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key, as a path such as `colors.primary`.
    public let key: String
    /// What is wrong with its value and what would be right.
    public let reason: String

    /// Creates the error.
    public init(key: String, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "key '\(key)': \(reason)" }
}
