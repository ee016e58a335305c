import Essentials
import FoundationEssentials
import Networking
import Transport

/// Sign-in in the browser: the authorization-code flow through `/auth/authorize`, with the
/// redirect URI on a loopback listener this process opens (the native-app pattern of RFC 8252).
///
/// The client id is the listener's own origin, which is how Home Assistant accepts a redirect
/// URI without fetching anything. A random `state` goes out with the request and must come
/// back unchanged; only then is the code exchanged at `/auth/token`.
public final class BrowserSignIn: Sendable {
    /// The path the browser is sent back to.
    public static let callbackPath = "/auth/callback"

    public let address: ServerAddress
    /// The URL to open in the browser.
    public let authorizeURL: URL
    /// `http://127.0.0.1:PORT/`, the client id the tokens are issued to.
    public let clientID: String
    public let redirectURI: String
    private let state: String
    private let listener: LoopbackListener
    private let tokens: TokenEndpoint

    /// Opens the listener and builds the URL to visit.
    public init(address: ServerAddress, http: HTTPClient = HTTPClient()) throws {
        let listener = try LoopbackListener()
        let origin = "http://127.0.0.1:\(listener.port)"
        let state = Self.randomState()
        var components = URLComponents(url: address.url(path: "/auth/authorize"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: origin + "/"),
            URLQueryItem(name: "redirect_uri", value: origin + Self.callbackPath),
            URLQueryItem(name: "state", value: state),
        ]
        guard let url = components?.url else { throw AuthError.listenerFailed("cannot build the authorize URL for \(address)") }
        self.address = address
        self.listener = listener
        self.state = state
        clientID = origin + "/"
        redirectURI = origin + Self.callbackPath
        authorizeURL = url
        tokens = TokenEndpoint(address: address, http: http)
    }

    /// Waits up to `timeout` seconds for the browser to come back, checks `state`, and exchanges the code.
    public func complete(timeout: Double = 300) async throws -> TokenGrant {
        let code = try await waitForCode(timeout: timeout)
        return try await tokens.exchange(code: code, clientID: clientID)
    }

    /// Stops listening.
    public func cancel() {
        listener.close()
    }

    deinit { listener.close() }

    private func waitForCode(timeout: Double) async throws -> String {
        let (listener, state) = (listener, state)
        let request: RedirectRequest = try await DetachedThread.run {
            try listener.waitForRequest(to: Self.callbackPath, timeout: timeout) { request in
                if request.query["state"] != state { return (400, "This answer belongs to another sign-in; nothing was accepted.") }
                if request.query["code"] == nil { return (400, "The sign-in did not finish; return to the terminal.") }
                return (200, "Signed in to HomeCompanion. You can close this tab.")
            }
        }
        listener.close()
        if let error = request.query["error"] { throw AuthError.authorizationDenied(error) }
        guard request.query["state"] == state else { throw AuthError.stateMismatch }
        guard let code = request.query["code"], !code.isEmpty else { throw AuthError.authorizationDenied("no code in the answer") }
        return code
    }

    /// 32 random bytes in hex, from the world's secure generator.
    private static func randomState() -> String {
        Hex.encode(WorldRandom.bytes(32))
    }
}
