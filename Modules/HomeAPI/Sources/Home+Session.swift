import Auth
import Essentials
import Foundation
import Networking

extension Home {
    /// Sets the client's configuration; every other call needs it first. A value that is not
    /// valid is refused with ``HomeErrorCode/invalidArgument`` naming its field, and the
    /// previous configuration stays. Configuring again forgets the active session object
    /// (not the stored sessions).
    public static func configure(_ body: (inout HomeClientConfiguration) throws -> Void) throws {
        var configuration = HomeClientConfiguration()
        try body(&configuration)
        let valid = try configuration.validated()
        HomeRuntime.state.withLock { state in
            state.configuration = valid
            state.locale = valid.locale.flatMap(LanguageTag.init)
            state.active = nil
        }
    }

    /// The session for `server`, restored if one is stored, else a new sign-in with `method`.
    public static func connect(to server: String, using method: SignInMethod) async throws -> Home {
        if let home = try await restoreSession(server: server) { return home }
        return try await signIn(to: server, using: method)
    }

    /// The stored session for `server` (the default server when nil), or nil when nobody has
    /// signed in to it. Nothing is asked of the server: the first call shows whether access
    /// still holds.
    public static func restoreSession(server: String? = nil) async throws -> Home? {
        let (configuration, layout) = try context()
        let store = CredentialStore(folder: layout.configuration)
        let file: CredentialFile
        do {
            file = try store.load()
        } catch {
            throw HomeError(converting: error)
        }
        let key = try server.map { try address($0).description } ?? file.defaultServer
        guard let key, let stored = file.sessions[key] else { return nil }
        let home = make(stored: stored, address: try address(stored.server), configuration: configuration, layout: layout)
        HomeRuntime.state.withLock { $0.active = home }
        return home
    }

    /// Signs in to `server` with `method`, replacing (and revoking) a session stored for it,
    /// and makes it the default server and the active session. A locale set in memory is then
    /// persisted for the user.
    public static func signIn(to server: String, using method: SignInMethod) async throws -> Home {
        let (configuration, layout) = try context()
        let address = try address(server)
        let stored: StoredSession
        do {
            stored = try await newSession(address: address, method: method, clientID: configuration.clientID)
        } catch {
            throw HomeError(converting: error)
        }
        let store = CredentialStore(folder: layout.configuration)
        do {
            let previous = try store.session(for: address.description)
            try store.save(stored, makeDefault: true)
            if let old = previous?.refreshToken, old != stored.refreshToken {
                try? await TokenEndpoint(address: address).revoke(refreshToken: old)
            }
        } catch {
            throw HomeError(converting: error)
        }
        let home = make(stored: stored, address: address, configuration: configuration, layout: layout)
        let locale = HomeRuntime.state.withLock { state in
            state.active = home
            return state.locale
        }
        if let locale {
            do {
                try await home.persistLocale(locale)
            } catch {
                Current.logger("home").warning("signed in, but the locale \(locale) could not be saved for the user: \(error)")
            }
        }
        return home
    }

    /// The servers with a stored session, the default first.
    public static func servers() throws -> [ServerSummary] {
        let (_, layout) = try context()
        do {
            let file = try CredentialStore(folder: layout.configuration).load()
            return file.sessions.values
                .map { ServerSummary($0, isDefault: $0.server == file.defaultServer) }
                .sorted { ($0.isDefault ? 0 : 1, $0.server) < ($1.isDefault ? 0 : 1, $1.server) }
        } catch {
            throw HomeError(converting: error)
        }
    }

    static func context() throws(HomeError) -> (HomeClientConfiguration, DirectoryLayout) {
        let configuration = try HomeRuntime.configuration()
        return (configuration, configuration.dataLocations ?? Current.directories())
    }

    static func address(_ text: String) throws(HomeError) -> ServerAddress {
        do {
            return try ServerAddress(text)
        } catch {
            throw .invalidField("server", error.description)
        }
    }

    private static func make(stored: StoredSession, address: ServerAddress, configuration: HomeClientConfiguration, layout: DirectoryLayout) -> Home {
        let session = AuthSession(
            address: address, stored: stored, store: CredentialStore(folder: layout.configuration),
            granting: TokenEndpoint(address: address)
        )
        return Home(server: address, session: session, configuration: configuration, layout: layout)
    }

    private static func newSession(address: ServerAddress, method: SignInMethod, clientID: String) async throws -> StoredSession {
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
