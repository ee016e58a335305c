/// A value that cannot be written as JSON, and where it is.
public struct JSONEncodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the value, such as `attributes.temperature`.
    public let path: String
    /// Why it cannot be written.
    public let reason: String

    public var description: String { "cannot encode '\(path)': \(reason)" }
}
