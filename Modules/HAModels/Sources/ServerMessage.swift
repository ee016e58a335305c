/// A message the server sends on the WebSocket API, told apart by its `type`.
public enum ServerMessage: Sendable, Hashable {
    case authRequired(haVersion: String)
    case authOK(haVersion: String)
    case authInvalid(message: String)
    case result(ResultMessage)
    case event(EventMessage)
    case pong(id: Int)

    /// The server's message types, for error messages.
    public static let types = ["auth_required", "auth_ok", "auth_invalid", "result", "event", "pong"]

    /// The `id` of the command this message answers, if it answers one.
    public var id: Int? {
        switch self {
        case .result(let result): result.id
        case .event(let event): event.id
        case .pong(let id): id
        default: nil
        }
    }
}
