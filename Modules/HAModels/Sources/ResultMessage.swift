import Essentials

/// The answer to a WebSocket command: success with a result, or failure with an error.
public struct ResultMessage: Codable, Sendable, Hashable {
    public let id: Int
    public let success: Bool
    public let result: JSONValue?
    public let error: ServerError?

    /// Creates a result.
    public init(id: Int, success: Bool, result: JSONValue?, error: ServerError?) {
        self.id = id
        self.success = success
        self.result = result
        self.error = error
    }
}
