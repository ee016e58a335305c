/// The token store's file: one session per server, and which server commands use by default.
public struct CredentialFile: Codable, Sendable, Equatable {
    public static let currentVersion = 1

    public var version: Int
    /// The server commands use when none is named: the one signed in to last, or chosen with `home servers default`.
    public var defaultServer: String?
    /// Sessions by server URL.
    public var sessions: [String: StoredSession]

    public init(defaultServer: String? = nil, sessions: [String: StoredSession] = [:]) {
        version = Self.currentVersion
        self.defaultServer = defaultServer
        self.sessions = sessions
    }
}
