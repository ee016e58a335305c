import Transport

/// Why a ``HomeAssistantConnection`` is not connected, for callers to branch on.
public enum DisconnectReason: Sendable, Equatable, CustomStringConvertible {
    /// The caller stopped the connection.
    case stopped
    /// The server rejected the credentials for good (after one refresh); it does not reconnect.
    case authenticationFailed(String)
    /// The connection failed or dropped, as the text says; it reconnects after a delay.
    case lost(String)

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .authenticationFailed(let message): "authentication failed: \(message)"
        case .lost(let reason): reason
        }
    }
}
