import FoundationEssentials

/// One server's sign-in as the token store keeps it. Prints without its tokens.
public struct StoredSession: Codable, Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The server's base URL, as ``Networking/ServerAddress`` normalizes it.
    public var server: String
    /// The client id the tokens were issued to; a refresh must name the same one.
    public var clientID: String
    public var accessToken: String
    /// Nil for a long-lived access token, which cannot be refreshed.
    public var refreshToken: String?
    /// When the access token expires; nil for a long-lived one.
    public var expiresAt: Date?
    public var signedInAt: Date

    public init(server: String, clientID: String, accessToken: String, refreshToken: String?, expiresAt: Date?, signedInAt: Date) {
        self.server = server
        self.clientID = clientID
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.signedInAt = signedInAt
    }

    /// Whether this is a long-lived access token rather than a refreshable sign-in.
    public var isLongLived: Bool { refreshToken == nil }

    public var description: String {
        "StoredSession(server: \(server), client: \(clientID), \(isLongLived ? "long-lived token" : "refreshable"), tokens: <redacted>)"
    }

    public var customMirror: Mirror {
        Mirror(self, children: ["server": server, "clientID": clientID, "expiresAt": expiresAt as Any])
    }
}
