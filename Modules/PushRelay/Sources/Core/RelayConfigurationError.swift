/// A setting in a config file or the environment that cannot be used.
public struct RelayConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what would be right.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
