import Essentials

/// The answer to a WebSocket command: success with a result, or failure with an error.
public struct ResultMessage: Codable, Sendable, Hashable {
    /// The id of the request answered.
    public let id: Int
    /// Whether the request succeeded.
    public let success: Bool
    /// The answer, on success.
    public let result: JSONValue?
    /// Why it failed, on failure.
    public let error: ServerError?

    /// Creates a result.
    public init(id: Int, success: Bool, result: JSONValue?, error: ServerError?) {
        self.id = id
        self.success = success
        self.result = result
        self.error = error
    }
}
