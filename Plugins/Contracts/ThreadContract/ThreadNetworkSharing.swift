/// The companion's Thread networks, to offer to a server.
public protocol ThreadNetworkSharing: Sendable {
    /// Every network in the store.
    func networks() throws -> [ThreadNetworkChoice]
    /// Gives the network `id` to `server` (else the default server); returns the server's id for it.
    func share(_ id: String, server: String?) async throws -> String
    /// The operational dataset (its TLVs in hex) of the stored network `network` (its id or
    /// name), or with nil of `server`'s preferred network (else the default server's), for a new
    /// device to join; nil when the server prefers none.
    func dataset(_ network: String?, server: String?) async throws -> (ThreadNetworkChoice, String)?
}
