import Transport

/// Where a ``HomeAssistantConnection`` stands.
public enum ConnectionState: Sendable, Equatable, CustomStringConvertible {
    /// Not connected; `reason` says why (nil before the first attempt).
    case disconnected(reason: DisconnectReason?)
    case connecting
    case authenticating
    /// Authenticated and ready for commands, with the server's version.
    case ready(version: String)

    public var description: String {
        switch self {
        case .disconnected(let reason): "disconnected" + (reason.map { ": \($0)" } ?? "")
        case .connecting: "connecting"
        case .authenticating: "authenticating"
        case .ready(let version): "ready (Home Assistant \(version))"
        }
    }
}
