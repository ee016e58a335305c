/// JSON that could not be decoded into the expected type: the path of the bad field and why.
public struct JSONDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the field, such as `result[3].attributes.brightness`; empty for the whole value.
    public let path: String
    /// What was wrong with it.
    public let reason: String

    /// Creates the error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "\(path.isEmpty ? "the value" : "'\(path)'"): \(reason)"
    }
}
