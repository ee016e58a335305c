import Essentials
import FoundationEssentials
import Networking

/// A signed-in session for one server: hands out access tokens, refreshes them before they
/// expire and when the server rejects one, and keeps the token store up to date.
///
/// Concurrent refreshes collapse into one request. A refresh the server refuses
/// (``AuthError/revoked``) ends the session: connections stop instead of retrying.
public actor AuthSession: TokenProvider {
    /// Tokens this close to expiry are refreshed before use.
    public static let refreshMargin: Double = 60
    /// A forced refresh this soon after the last one reuses it: the rejected token was the old one.
    static let recentRefresh: Double = 2

    public nonisolated let address: ServerAddress
    public private(set) var stored: StoredSession
    private let store: CredentialStore
    private let granting: any TokenGranting
    private var refreshing: Task<StoredSession, any Error>?
    private var lastRefresh: Date?

    public init(
        address: ServerAddress, stored: StoredSession, store: CredentialStore, granting: any TokenGranting
    ) {
        self.address = address
        self.stored = stored
        self.store = store
        self.granting = granting
    }

    public func accessToken(forceRefresh: Bool) async throws -> String {
        guard !stored.isLongLived else { return stored.accessToken }
        let expiring = (stored.expiresAt ?? .distantPast) <= Current.now().addingTimeInterval(Self.refreshMargin)
        let justRefreshed = lastRefresh.map { Current.now().timeIntervalSince($0) < Self.recentRefresh } ?? false
        guard expiring || (forceRefresh && !justRefreshed) else { return stored.accessToken }
        return try await refresh().accessToken
    }

    /// Refreshes now, joining a refresh already under way.
    @discardableResult
    public func refresh() async throws -> StoredSession {
        if let refreshing { return try await refreshing.value }
        guard let refreshToken = stored.refreshToken else { return stored }
        let task = Task { [stored, granting, store] in
            let grant = try await granting.refresh(refreshToken: refreshToken, clientID: stored.clientID)
            var renewed = stored
            renewed.accessToken = grant.accessToken.secret
            renewed.expiresAt = grant.expiresAt
            try store.update { file in
                // Only a session still stored is updated: a logout in between wins.
                if file.sessions[renewed.server] != nil { file.sessions[renewed.server] = renewed }
            }
            return renewed
        }
        refreshing = task
        defer { refreshing = nil }
        let renewed = try await task.value
        stored = renewed
        lastRefresh = Current.now()
        return renewed
    }
}
