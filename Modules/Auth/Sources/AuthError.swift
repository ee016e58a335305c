/// Why signing in, refreshing or revoking failed. No case ever carries a token.
public enum AuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The user name or password was wrong (`invalid_auth`).
    case invalidCredentials
    /// A further step (such as a multi-factor code) needs an answer nobody gave.
    case answerRequired(step: String, fields: [String])
    /// The multi-factor code was wrong (`invalid_code`).
    case invalidCode
    /// The server refuses more attempts for now (a ban after failed logins, or too many codes).
    case tooManyAttempts
    /// The server ended the login flow, with its reason.
    case flowAborted(reason: String)
    /// The login flow went on for more steps than any real flow has.
    case tooManySteps(Int)
    /// The server rejected the client id or redirect URI.
    case invalidClient(String)
    /// The server no longer accepts the refresh token: access was revoked.
    case revoked
    /// The browser came back with a `state` other than the one sent: the answer is not ours.
    case stateMismatch
    /// The browser came back with an error instead of a code.
    case authorizationDenied(String)
    /// Nobody completed the browser sign-in in time.
    case timedOut(seconds: Double)
    /// The loopback listener for the browser's redirect could not be opened.
    case listenerFailed(String)
    /// The server answered with an unexpected status.
    case server(status: Int, message: String)
    /// The server could not be reached.
    case transport(String)
    /// The answer could not be read.
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .invalidCredentials: "wrong user name or password"
        case .answerRequired(let step, let fields):
            "the server asks for more at step '\(step)' (\(fields.joined(separator: ", "))); sign in interactively"
        case .invalidCode: "the verification code was not accepted"
        case .tooManyAttempts: "too many attempts; the server refuses more for now, try again later"
        case .flowAborted(let reason): "the server ended the sign-in: \(Self.explain(abortReason: reason))"
        case .tooManySteps(let count): "the sign-in did not finish within \(count) steps"
        case .invalidClient(let message): "the server rejected this client: \(message)"
        case .revoked: "the server no longer accepts this session: access was revoked"
        case .stateMismatch: "the browser returned an answer for another sign-in (state mismatch); nothing was accepted"
        case .authorizationDenied(let reason): "the browser sign-in was refused: \(reason)"
        case .timedOut(let seconds): "nobody completed the browser sign-in within \(Int(seconds)) s"
        case .listenerFailed(let message): "cannot listen for the browser's answer: \(message)"
        case .server(let status, let message): "Home Assistant answered \(status): \(message)"
        case .transport(let message): "cannot reach Home Assistant: \(message)"
        case .invalidResponse(let message): "unreadable answer from Home Assistant: \(message)"
        }
    }

    private static func explain(abortReason reason: String) -> String {
        switch reason {
        case "too_many_retry": "too many wrong codes (too_many_retry)"
        case "login_expired": "the sign-in took too long (login_expired)"
        case "not_allowed": "sign-in is not allowed from this network (not_allowed)"
        default: reason
        }
    }
}
