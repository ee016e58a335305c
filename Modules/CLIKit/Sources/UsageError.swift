import Essentials

/// A command line that cannot be run as written; exits with ``ExitCode/usage``.
public struct UsageError: CallerError, Sendable, Equatable {
    /// What is wrong and what would be right.
    public let message: String

    /// Creates the error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
