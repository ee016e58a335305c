/// Which server a caller talks to, and how: a server URL (nil: `HOME_SERVER`, else the default
/// server) and, instead of the stored session, a long-lived access token.
public struct ServerSelection: Sendable, Equatable {
    /// The server's URL, or nil for the default.
    public let server: String?
    /// A long-lived access token to use instead of the stored session, or nil.
    public let token: String?

    /// Selects `server` (nil: the default), with `token` instead of its stored session.
    public init(server: String?, token: String? = nil) {
        self.server = server
        self.token = token
    }
}
