import Essentials

/// A message the client sends on the WebSocket API.
public enum ClientMessage: Sendable, Hashable {
    /// The first message: the access token.
    case auth(accessToken: String)
    /// A command: its id, its type (`get_states`, `subscribe_events`, …) and its other fields.
    case command(id: Int, type: String, fields: [String: JSONValue])
}
