import Essentials
import Networking

extension Home {
    /// Where `identity` is reached on the `networks` of now, as the URLs kept in `folders` say;
    /// `identity` when none are kept (or they cannot be read, which is logged). The networks are
    /// asked only when a home network is kept, so a server without any costs no D-Bus call.
    static func address(of identity: ServerAddress, folders: ServerDataFolders, networks: () -> Set<String>?) -> ServerAddress {
        do {
            guard let urls = try ServerURLs.load(from: folders.data), !urls.homeNetworks.isEmpty else { return identity }
            return urls.address(of: identity, on: networks())
        } catch {
            Current.logger("home").warning("\(error); \(identity) is reached at the URL signed in with")
            return identity
        }
    }

    /// Each new address the server is reached at as the network changes (starting from
    /// ``address``); finishes at once when the Home client has no networks' locator.
    public func addressChanges() -> AsyncStream<ServerAddress> {
        guard let locator = client.locator else { return AsyncStream { $0.finish() } }
        let changes = locator.changes()
        let (stream, continuation) = AsyncStream.makeStream(of: ServerAddress.self)
        let task = Task { [server, folders, address] in
            var last = address
            // A change between this object's making and the watch's start counts too.
            let now = Self.address(of: server, folders: folders) { locator.networks() }
            if now != last {
                last = now
                continuation.yield(now)
            }
            for await networks in changes {
                let next = Self.address(of: server, folders: folders) { networks }
                guard next != last else { continue }
                last = next
                continuation.yield(next)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Whether a home network is kept for this server, so its URL may change with the network.
    var followsTheNetwork: Bool {
        client.locator != nil && ((try? storedURLs())?.homeNetworks.isEmpty == false)
    }

    /// The URLs kept for this server, or nil when none were.
    public func storedURLs() throws(HomeError) -> ServerURLs? {
        try ServerURLs.load(from: folders.data)
    }

    /// Keeps `urls` for this server.
    public func keep(_ urls: ServerURLs) throws(HomeError) {
        try urls.save(to: folders.data)
    }

    /// The URLs the server itself gives (its `internal_url` and `external_url`), with no home network.
    public func serverURLs() async throws -> ServerURLs {
        let config = try await perform { try await rest.config() }
        func address(_ text: String?) -> ServerAddress? { text.flatMap { try? ServerAddress($0) } }
        return try ServerURLs(internalURL: address(config.internalURL), externalURL: address(config.externalURL))
    }
}
