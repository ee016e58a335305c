/// Why the HTTP server could not start.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }
}
