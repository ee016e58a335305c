import Essentials
import HAModels
import HomeAPI
import Networking

/// The server a caller talks to and the tokens it authenticates with: a stored session, or a
/// long-lived token given for one server.
public struct ServerCredentials: Sendable {
    /// The server, by the URL signed in with (what keys its data and names its structure).
    public let server: ServerAddress
    /// Where it is reached from here (its internal or external URL as the network says).
    public let address: ServerAddress
    /// Its access tokens.
    public let tokenProvider: any TokenProvider
    /// The session, when the credentials come from the token store.
    public let home: Home?

    /// Credentials of a stored session.
    public init(home: Home) {
        server = home.server
        address = home.address
        tokenProvider = home.tokenProvider
        self.home = home
    }

    /// Credentials of a long-lived `token` for `address`.
    public init(address: ServerAddress, token: String) {
        server = address
        self.address = address
        tokenProvider = StaticTokenProvider(token)
        home = nil
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
