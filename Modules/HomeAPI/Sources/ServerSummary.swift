import Auth
import FoundationEssentials

/// A server the user granted access to, as `home servers` lists it; no tokens.
public struct ServerSummary: Sendable, Equatable, Encodable {
    /// The server's URL, which is also its structure id.
    public let server: String
    public let isDefault: Bool
    /// `refreshable` (signed in) or `long-lived` (a long-lived access token).
    public let kind: String
    public let accessTokenExpires: Date?
    public let signedInAt: Date

    init(_ session: StoredSession, isDefault: Bool) {
        server = session.server
        self.isDefault = isDefault
        kind = session.isLongLived ? "long-lived" : "refreshable"
        accessTokenExpires = session.expiresAt
        signedInAt = session.signedInAt
    }
}
