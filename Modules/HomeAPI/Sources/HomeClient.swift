import Auth
import Essentials
import FoundationEssentials
import Networking
import Synchronization

/// One Home client: its configuration, the locale in memory, the active session and who forgets
/// what for a server, changed together under one lock. `Home`'s static entry point (the SDK's
/// `Home.configure`, `Home.connect`, …) uses one of its own, which only `Home` reaches, so an SDK
/// user has one way in; a host that wants a client of its own (the session plugin, which hands it
/// out through `session.access`) makes one.
public final class HomeClient: Sendable {
    struct State: Sendable {
        var configuration: HomeClientConfiguration?
        var locale: LanguageTag?
        var active: Home?
        var forgetters: @Sendable () async -> [any ServerForgetting] = { [] }
        var locator: (any NetworkLocating)?
        /// Each server's device model behind its queries, by server key.
        var models: [String: LiveDeviceModel] = [:]
        /// Who hears when a server is signed in to or forgotten.
        var serverWatchers: [UUID: AsyncStream<Void>.Continuation] = [:]
    }

    /// The client behind `Home`'s static entry point, reached only through `Home`.
    static let shared = HomeClient()

    let state = Mutex(State())

    /// A client not yet configured.
    public init() {}

    /// Sets the client's configuration; every other call needs it first. A value that is not
    /// valid is refused with ``HomeErrorCode/invalidArgument`` naming its field, and the
    /// previous configuration stays. Configuring again forgets the active session object
    /// (not the stored sessions).
    public func configure(_ body: (inout HomeClientConfiguration) throws -> Void) throws {
        var configuration = HomeClientConfiguration()
        try body(&configuration)
        let valid = try configuration.validated()
        state.withLock { state in
            state.configuration = valid
            state.locale = valid.locale.flatMap(LanguageTag.init)
            state.active = nil
        }
    }

    /// The session for `server`, restored if one is stored, else a new sign-in with `method`.
    public func connect(to server: String, using method: SignInMethod) async throws -> Home {
        if let home = try await restoreSession(server: server) { return home }
        return try await signIn(to: server, using: method)
    }

    /// The stored session for `server` (the default server when nil), or nil when nobody has
    /// signed in to it. Nothing is asked of the server: the first call shows whether access
    /// still holds.
    public func restoreSession(server: String? = nil) async throws -> Home? {
        let (configuration, layout) = try context()
        let file: CredentialFile
        do {
            file = try CredentialStore(folder: layout.configuration).load()
        } catch {
            throw HomeError(converting: error)
        }
        let key = try server.map { try Home.address($0).description } ?? file.defaultServer
        guard let key, let stored = file.sessions[key] else { return nil }
        let home = make(stored: stored, address: try Home.address(stored.server), configuration: configuration, layout: layout)
        state.withLock { $0.active = home }
        return home
    }

    /// The session stored for the server `key`, without making it the active one; nil when
    /// none is stored.
    func storedHome(_ key: String) throws -> Home? {
        let (configuration, layout) = try context()
        let stored: StoredSession?
        do {
            stored = try CredentialStore(folder: layout.configuration).session(for: key)
        } catch {
            throw HomeError(converting: error)
        }
        guard let stored else { return nil }
        return make(stored: stored, address: try Home.address(stored.server), configuration: configuration, layout: layout)
    }

    /// Signs in to `server` with `method`, replacing (and revoking) a session stored for it,
    /// and makes it the default server and the active session. A locale set in memory is then
    /// persisted for the user.
    public func signIn(to server: String, using method: SignInMethod) async throws -> Home {
        let (configuration, layout) = try context()
        let address = try Home.address(server)
        let stored: StoredSession
        do {
            stored = try await Self.newSession(address: address, method: method, clientID: configuration.clientID)
        } catch {
            throw HomeError(converting: error)
        }
        let store = CredentialStore(folder: layout.configuration)
        do {
            let previous = try store.session(for: address.description)
            try store.save(stored, makeDefault: true)
            if let old = previous?.refreshToken, old != stored.refreshToken {
                do {
                    try await TokenEndpoint(address: address).revoke(refreshToken: old)
                } catch {
                    Current.logger("home").warning("the previous session on \(address) could not be revoked (revoke it in the profile page): \(error)")
                }
            }
        } catch {
            throw HomeError(converting: error)
        }
        useHint(signedInTo: address.description, configurationFolder: layout.configuration)
        serversChanged()
        let home = make(stored: stored, address: address, configuration: configuration, layout: layout)
        let locale = state.withLock { state in
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
    public func servers() throws -> [ServerSummary] {
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

    /// Makes `server`, signed in to already, the default server: the one used when none is named.
    /// ``HomeErrorCode/notFound`` when no session is stored for it.
    public func makeDefault(server: String) throws {
        let (_, layout) = try context()
        let key = try Home.address(server).description
        let made: Bool
        do {
            made = try CredentialStore(folder: layout.configuration).makeDefault(key)
        } catch {
            throw HomeError(converting: error)
        }
        guard made else { throw HomeError(.notFound, "not signed in to \(key); run 'home login \(key)' first") }
    }

    /// Who forgets what for a server besides its folders (Thread credentials it gave, a relay
    /// registration): asked each time a server is forgotten (so it may start what is not running).
    public func forgetting(with forgetters: @escaping @Sendable () async -> [any ServerForgetting]) {
        state.withLock { $0.forgetters = forgetters }
    }

    /// What tells which Wi-Fi networks this machine is on, so that each server is reached at its
    /// internal or external URL (``ServerURLs``); without one, at the URL signed in with.
    public func locating(with locator: any NetworkLocating) {
        state.withLock { $0.locator = locator }
    }

    /// The networks' locator, if one was given.
    var locator: (any NetworkLocating)? { state.withLock { $0.locator } }

    /// The SSIDs of the Wi-Fi networks this machine is on, as the locator says; nil without one
    /// or when it cannot tell.
    public func currentNetworks() -> Set<String>? {
        locator?.networks()
    }

    /// The configuration; ``HomeError/notConfigured`` before ``configure(_:)``.
    func configuration() throws(HomeError) -> HomeClientConfiguration {
        guard let configuration = state.withLock({ $0.configuration }) else { throw .notConfigured }
        return configuration
    }

    func context() throws(HomeError) -> (HomeClientConfiguration, DirectoryLayout) {
        let configuration = try configuration()
        return (configuration, configuration.dataLocations ?? Current.directories())
    }

    private func make(stored: StoredSession, address: ServerAddress, configuration: HomeClientConfiguration, layout: DirectoryLayout) -> Home {
        let reachedAt = Home.address(of: address, folders: ServerDataFolders(layout: layout, server: address)) { locator?.networks() }
        let session = AuthSession(
            address: address, stored: stored, store: CredentialStore(folder: layout.configuration),
            granting: TokenEndpoint(address: reachedAt)
        )
        return Home(server: address, address: reachedAt, session: session, configuration: configuration, layout: layout, client: self)
    }
}
