import HomeAPI
import Networking

/// Opens WebSocket connections to Home Assistant and the entity stores over them: the value of
/// ``ConnectionCapabilities/connections``. The connection plugin provides it with the options its
/// manifest sets; any plugin that provides `ha.connections` may replace it.
public protocol ConnectionFactory: Sendable {
    /// A connection (not yet started) to `address`, authenticating with `tokens`.
    func connection(to address: ServerAddress, tokens: any TokenProvider) -> HomeAssistantConnection

    /// A connection (not yet started) for a signed-in session; its tokens refresh themselves.
    func connection(for home: Home) -> HomeAssistantConnection

    /// The entity store mirroring the states `connection` receives (not yet started).
    func entityStore(over connection: HomeAssistantConnection) -> EntityStore
}
