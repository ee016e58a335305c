import HomeAPI
import Networking
import PluginHost

/// Opens WebSocket connections to Home Assistant with the options the manifest sets: the
/// `ha.connections` capability the connection plugin provides.
public struct ConnectionFactory: Sendable {
    /// The capability's key.
    public static let key = CapabilityKey<ConnectionFactory>(name: "ha.connections")

    let options: ConnectionOptions

    /// A connection (not yet started) to `address`, authenticating with `tokens`.
    public func connection(to address: ServerAddress, tokens: any TokenProvider) -> HomeAssistantConnection {
        HomeAssistantConnection(address: address, tokenProvider: tokens, options: options)
    }

    /// A connection (not yet started) for a signed-in session; its tokens refresh themselves.
    public func connection(for home: Home) -> HomeAssistantConnection {
        home.connection(options: options)
    }

    /// The entity store mirroring the states `connection` receives (not yet started).
    public func entityStore(over connection: HomeAssistantConnection) -> EntityStore {
        EntityStore(connection: connection)
    }
}
