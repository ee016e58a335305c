/// Refreshes access tokens; the token endpoint in production, a counter in tests of collapsing.
public protocol TokenGranting: Sendable {
    /// A new access token for `refreshToken`, issued to `clientID`; ``AuthError/revoked`` when refused.
    func refresh(refreshToken: String, clientID: String) async throws -> TokenGrant
}
