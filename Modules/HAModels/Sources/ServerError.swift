/// The error object of a failed WebSocket command or webhook call.
public struct ServerError: Codable, Sendable, Hashable, CustomStringConvertible {
    /// A stable code such as `unknown_command`, `not_found`, `invalid_format`, `not_registered`.
    public let code: String
    /// The server's explanation.
    public let message: String
    /// The key of the translated message, if the server gave one.
    public let translationKey: String?
    /// The integration whose translations hold that key.
    public let translationDomain: String?
    /// The values to put into the translated message.
    public let translationPlaceholders: [String: String]?

    /// Creates an error.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
        translationKey = nil
        translationDomain = nil
        translationPlaceholders = nil
    }

    public var description: String { "\(code): \(message)" }

    enum CodingKeys: String, CodingKey {
        case code, message
        case translationKey = "translation_key"
        case translationDomain = "translation_domain"
        case translationPlaceholders = "translation_placeholders"
    }
}
