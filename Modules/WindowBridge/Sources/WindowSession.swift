import FoundationEssentials

/// What the window needs of a signed-in server: the one place its tokens come from and go.
public protocol WindowSession: Sendable {
    /// The server the window shows; only its origin gets the bridge.
    var server: URL { get }
    /// A token for the frontend: a fresh one when `force` is true or the current one is close to
    /// expiry; nil when none can be had (signed out, the server refused).
    func externalToken(force: Bool) async -> ExternalToken?
    /// Signs this server out as `home logout` does: the session is revoked there and forgotten here.
    func signOut() async throws
}
