import HomeAPI

/// The signed-in sessions as other plugins reach them: the value of ``SessionCapabilities/access``.
/// The session plugin provides it; any plugin that provides `session.access` may replace it.
public protocol SessionAccess: Sendable {
    /// The Home client these sessions belong to: its configuration, the locale in memory, the
    /// active session and who forgets what for a server (the process-wide state of the Home
    /// entry point, held by the provider instead of a global).
    var client: HomeClient { get }

    /// The stored session for `server` (else `HOME_SERVER`, else the default server); a
    /// ``SessionError/notSignedIn(server:advice:)`` carrying `advice` when there is none.
    func restore(server: String?, advice: String) async throws -> Home

    /// The stored session for `server` (else `HOME_SERVER`, else the default server), or nil
    /// when none is stored, for work that also makes sense signed out.
    func stored(server: String?) async throws -> Home?

    /// The server and token `selection` names: its token when it has one, else the stored
    /// session, checked on the server (a revoked one is wiped and the call fails saying so).
    func credentials(_ selection: ServerSelection) async throws -> ServerCredentials
}

extension SessionAccess {
    /// The stored session for `server`, advising to sign in when there is none.
    public func restore(server: String?) async throws -> Home {
        try await restore(server: server, advice: "run 'home login URL' first")
    }
}
