/// Home Assistant refused a command: its error code (`unknown_command`, or the Matter Server's
/// numeric code as text) and message.
public struct MatterServerRefusal: Error, Sendable, Equatable {
    public let code: String
    public let message: String

    /// A refusal with `code` and `message`.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
