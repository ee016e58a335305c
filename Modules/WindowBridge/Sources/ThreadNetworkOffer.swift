/// The companion's Thread networks, offered to the window's server when the frontend asks to
/// import Thread credentials.
public protocol ThreadNetworkOffer: Sendable {
    /// The networks to choose from.
    func networks() async throws -> [OfferedNetwork]
    /// Shares the network `id` with the window's server; returns the server's id for it.
    func share(_ id: String) async throws -> String
}
