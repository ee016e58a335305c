import Auth
import FoundationEssentials

/// How ``Home/signIn(to:using:)`` gets the user's permission.
public enum SignInMethod: Sendable {
    /// The login flow with a user name and password, plus any further step (a code) the answerer is asked for.
    case password(any LoginAnswering)
    /// The browser: `present` is given the URL to open; the answer comes back to a loopback listener
    /// within `timeout` seconds.
    case browser(timeout: Double, present: @Sendable (URL) async -> Void)
    /// A long-lived access token, checked with the server and kept as it is.
    case accessToken(String)
}
