import Transport

/// A fixed token, such as a long-lived access token; it cannot be refreshed.
public struct StaticTokenProvider: TokenProvider {
    private let token: String

    /// Wraps `token`.
    public init(_ token: String) {
        self.token = token
    }

    public func accessToken(forceRefresh: Bool) async throws -> String {
        token
    }
}
