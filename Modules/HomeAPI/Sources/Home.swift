import Auth
import Essentials
import FoundationEssentials
import HAModels
import Networking

/// The top-level entry to one Home Assistant server the user granted access to: its entities,
/// services and session. Get one with ``Home/connect(to:using:)`` or ``Home/restoreSession(server:)``
/// after ``Home/configure(_:)``.
///
/// Any call the server refuses because access was revoked throws ``HomeErrorCode/permissionDenied``
/// after removing everything kept for the server: tokens, cached entities and per-server data.
public final class Home: Sendable {
    /// One-shot WebSocket calls (locale, status) give up on an unreachable server after this many seconds.
    static let oneShotWindow: Double = 5

    /// The server, by the URL signed in with: its identity (its session, folders and structure).
    public let server: ServerAddress
    /// Where the server is reached from here: its internal or external URL as this machine's
    /// network says (``ServerURLs``), else ``server``. Every call of this object goes there.
    public let address: ServerAddress
    let session: AuthSession
    let configuration: HomeClientConfiguration
    let layout: DirectoryLayout
    /// The client that made it, whose locale and forgetters it uses.
    let client: HomeClient

    init(server: ServerAddress, address: ServerAddress, session: AuthSession, configuration: HomeClientConfiguration, layout: DirectoryLayout, client: HomeClient) {
        self.server = server
        self.address = address
        self.session = session
        self.configuration = configuration
        self.layout = layout
        self.client = client
    }

    /// The server's id as a structure the user may grant access to: its URL.
    public var structureID: String { server.description }

    /// Tokens for this session, refreshed as needed; for connections the caller runs itself.
    public var tokenProvider: any TokenProvider { session }

    /// Where this server's data lives; removed on revocation and on ``disconnect()``.
    public var folders: ServerDataFolders { ServerDataFolders(layout: layout, server: server) }

    /// Permission updates for this and the user's other servers.
    public var permissions: HomePermissions { HomePermissions(home: self) }

    var rest: RESTClient { RESTClient(address: address, tokenProvider: session) }

    /// Checks that the server still accepts the session (refreshing it if due); wipes it if not.
    public func checkAccess() async throws {
        try await perform { _ = try await rest.apiStatus() }
    }

    /// Every entity's state; also refreshes the offline cache.
    public func states() async throws -> [EntityState] {
        try await perform {
            let states = try await rest.states()
            do {
                try EntityCache(folder: folders.cache).replace(with: states)
            } catch {
                Current.logger("home").warning("cannot update the entity cache in \(folders.cache.path): \(error)")
            }
            return states
        }
    }

    /// The states read last time, for when the server cannot be reached.
    public func cachedStates() throws -> [EntityState] {
        do {
            return try EntityCache(folder: folders.cache).states()
        } catch {
            throw HomeError(.internal, "cannot read the entity cache: \(error)")
        }
    }

    /// Calls a service; with strict validation the service must exist.
    @discardableResult
    public func callService(_ domain: String, _ service: String, data: [String: JSONValue] = [:]) async throws -> [EntityState] {
        try await perform {
            if configuration.strictOperationValidation { try await validate(domain, service) }
            return try await rest.callService(domain, service, data: data)
        }
    }

    /// A WebSocket connection with this session's tokens, not yet started. When a home network is
    /// kept for the server, it moves to the server's other URL as the network changes
    /// (``addressChanges()``).
    public func connection(options: ConnectionOptions = ConnectionOptions()) -> HomeAssistantConnection {
        HomeAssistantConnection(address: address, tokenProvider: session, options: options, following: followsTheNetwork ? addressChanges() : nil)
    }

    /// Revokes the session on the server and removes everything kept for it on this machine.
    /// Returns whether the server confirmed the revocation (the local data goes either way).
    @discardableResult
    public func disconnect() async -> Bool {
        let stored = await session.stored
        var revoked = stored.isLongLived
        if let refreshToken = stored.refreshToken {
            revoked = (try? await TokenEndpoint(address: address).revoke(refreshToken: refreshToken)) != nil
        }
        do {
            try await removeLocalData()
        } catch {
            Current.logger("home").error("cannot remove the data of \(server): \(error)")
        }
        return revoked
    }

    /// Runs `body`, turning errors into ``HomeError``s; a revoked session is wiped first.
    func perform<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch where HomeError.meansRevoked(error) {
            do {
                try await removeLocalData()
            } catch {
                throw HomeError(.permissionDenied, "access to \(server) was revoked, and removing its data failed: \(error)")
            }
            Current.logger("home").warning("access to \(server) was revoked; its tokens and data were removed from this machine")
            throw HomeError(.permissionDenied, "access to \(server) was revoked; its tokens and data were removed from this machine; sign in again")
        } catch {
            throw HomeError(converting: error)
        }
    }

    /// Runs `body` on a fresh WebSocket connection that gives up quickly on an unreachable server.
    func withConnection<T: Sendable>(_ body: (HomeAssistantConnection) async throws -> T) async throws -> T {
        let options = ConnectionOptions(reconnectDelay: 0.5, maximumReconnectDelay: 1, requestRetryWindow: Self.oneShotWindow)
        let connection = HomeAssistantConnection(address: address, tokenProvider: session, options: options)
        await connection.start()
        return try await connection.stopping(after: body)
    }

    private func removeLocalData() async throws {
        let forgetters = client.state.withLock { $0.forgetters }
        for forgetter in await forgetters() { await forgetter.forget(self) }
        await client.dropModel(for: server.description)
        try CredentialStore(folder: layout.configuration).remove(server.description)
        try folders.wipe()
        client.state.withLock { state in
            if state.active === self { state.active = nil }
        }
        client.serversChanged()
    }

    private func validate(_ domain: String, _ service: String) async throws {
        let services = try await rest.services()
        guard let names = services[domain] else { throw HomeError(.invalidArgument, "the server has no domain '\(domain)'") }
        guard names.contains(service) else { throw HomeError(.invalidArgument, "the server has no service \(domain).\(service)") }
    }
}
