import Auth
import Essentials
import FoundationEssentials
import Networking

extension HomeClient {
    /// A new session on `address` through `method`.
    static func newSession(address: ServerAddress, method: SignInMethod, clientID: String) async throws -> StoredSession {
        let now = Current.now()
        switch method {
        case .password(let answers):
            let code = try await LoginFlowClient(address: address).signIn(clientID: clientID, redirectURI: clientID, answering: answers)
            let grant = try await TokenEndpoint(address: address).exchange(code: code, clientID: clientID)
            return StoredSession(grant, server: address, clientID: clientID, signedInAt: now)
        case .browser(let timeout, let present):
            let browser = try BrowserSignIn(address: address)
            defer { browser.cancel() }
            // Listening before presenting: a browser that answers at once is not kept waiting.
            async let answer = browser.complete(timeout: timeout)
            await present(browser.authorizeURL)
            let grant = try await answer
            return StoredSession(grant, server: address, clientID: browser.clientID, signedInAt: now)
        case .accessToken(let text):
            guard let token = AccessToken(text) else { throw HomeError.invalidField("token", "empty or contains white space") }
            _ = try await RESTClient(address: address, tokenProvider: StaticTokenProvider(token.secret)).apiStatus()
            return StoredSession(
                server: address.description, clientID: clientID, accessToken: token.secret, refreshToken: nil, expiresAt: nil, signedInAt: now
            )
        }
    }
}
