/// JSON that could not be parsed: what was wrong, where (byte offset and the path of the value
/// being read), so a truncated or malformed message names its bad field.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public let reason: String
    /// The byte offset where parsing stopped.
    public let offset: Int
    /// The path of the value being parsed, such as `event.data.new_state`; empty at the top.
    public let path: String

    public var description: String {
        "invalid JSON at \(path.isEmpty ? "the top level" : "'\(path)'") (byte \(offset)): \(reason)"
    }
}
