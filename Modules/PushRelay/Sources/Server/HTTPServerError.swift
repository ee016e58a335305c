/// Why the HTTP server could not start.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed (binding, TLS, a thread).
    public let message: String

    public var description: String { message }
}
