import CLIKit
import Essentials
import HAModels
import HomeAPI
import Networking

/// The server a command talks to: the stored session (for `--server`/`HOME_SERVER`, else the
/// default server), or a token given with `--token-file`/`HOME_TOKEN`, which wins when present
/// (never on the command line, where other users could read it).
///
/// A stored session is checked on the server first: one that was revoked is wiped and the
/// command fails saying so.
public struct ServerCredentials: Sendable {
    /// The server.
    public let address: ServerAddress
    /// Its access tokens.
    public let tokenProvider: any TokenProvider
    /// The session, when the credentials come from the token store.
    public let home: Home?

    init(_ invocation: Invocation, session: SessionAccess) async throws {
        let environment = Current.environment()
        let server = SessionAccess.server(option: invocation.arguments.values["server"])
        let given = try invocation.arguments.values["token-file"].map { try SecretInput.read($0, option: "token-file", console: invocation.console) }
        if let token = (given ?? environment["HOME_TOKEN"]).flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let server else {
                throw UsageError("a token needs a server: give --server URL or set HOME_SERVER (such as http://homeassistant.local:8123)")
            }
            do {
                address = try ServerAddress(server)
            } catch {
                throw UsageError("\(error)")
            }
            tokenProvider = StaticTokenProvider(token)
            home = nil
            return
        }
        let home = try await session.restore(server: server, advice: "run 'home login URL' (or give --token-file / HOME_TOKEN)")
        try await home.checkAccess()
        address = home.server
        tokenProvider = home.tokenProvider
        self.home = home
    }

    /// Every entity's state (through the session, which also refreshes its offline cache).
    public func states() async throws -> [EntityState] {
        if let home { return try await home.states() }
        return try await RESTClient(address: address, tokenProvider: tokenProvider).states()
    }

    /// Calls a service (through the session, which applies the configured validation).
    public func callService(_ domain: String, _ service: String, data: [String: JSONValue]) async throws -> [EntityState] {
        if let home { return try await home.callService(domain, service, data: data) }
        return try await RESTClient(address: address, tokenProvider: tokenProvider).callService(domain, service, data: data)
    }
}
