/// The companion's Thread networks, to offer to a server.
public protocol ThreadNetworkSharing: Sendable {
    /// Every network in the store.
    func networks() throws -> [ThreadNetworkChoice]
    /// Gives the network `id` to `server` (else the default server); returns the server's id for it.
    func share(_ id: String, server: String?) async throws -> String
}
