import Transport

/// Supplies the access token a connection authenticates with.
///
/// Auth implements it with refresh; a long-lived token is a ``StaticTokenProvider``.
public protocol TokenProvider: Sendable {
    /// The current token; with `forceRefresh` a new one, because the server rejected the last.
    func accessToken(forceRefresh: Bool) async throws -> String
}
