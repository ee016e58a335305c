import FoundationEssentials

/// Where a session stands, as `home status` shows it; no tokens.
public struct HomeStatus: Sendable, Equatable, Encodable {
    /// The server, by the URL signed in with.
    public let server: String
    /// Where it is reached from here (its internal or external URL, as the network says).
    public let address: String
    /// The server's version, when it could be reached.
    public let version: String?
    /// The signed-in user's name, when the server could be reached.
    public let user: String?
    /// When the current access token expires; nil for a long-lived token.
    public let accessTokenExpires: Date?
    public let kind: String
    /// The WebSocket connection's state when the check ended, such as `ready (Home Assistant 2024.3.3)`.
    public let connection: String
}
