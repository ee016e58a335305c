import Transport

/// A server address that cannot be used, and why.
public struct ServerAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what a valid address looks like.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
