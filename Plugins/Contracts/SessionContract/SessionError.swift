import Essentials

/// Why no session could be had for the server a caller named; each is the caller's to fix.
public enum SessionError: CallerError, Sendable, Equatable {
    /// No session is stored for `server` (nil: the default server); `advice` says how to get one.
    case notSignedIn(server: String?, advice: String)
    /// A token was given without a server to use it with.
    case tokenNeedsServer
    /// The server named is not a URL the client can use; `reason` says why.
    case invalidServer(String, reason: String)

    public var description: String {
        switch self {
        case .notSignedIn(let server, let advice): "not signed in\(server.map { " to \($0)" } ?? ""): \(advice)"
        case .tokenNeedsServer: "a token needs a server: give --server URL or set HOME_SERVER (such as http://homeassistant.local:8123)"
        case .invalidServer(_, let reason): reason
        }
    }
}
