import Auth
import FoundationEssentials
import Networking

extension StoredSession {
    /// The session a fresh sign-in grant makes.
    init(_ grant: TokenGrant, server: ServerAddress, clientID: String, signedInAt: Date) {
        self.init(
            server: server.description, clientID: clientID, accessToken: grant.accessToken.secret,
            refreshToken: grant.refreshToken, expiresAt: grant.expiresAt, signedInAt: signedInAt
        )
    }
}
