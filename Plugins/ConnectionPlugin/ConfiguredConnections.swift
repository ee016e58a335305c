import ConnectionContract
import HomeAPI
import Networking

/// The connection plugin's ``ConnectionFactory``: connections with the options its manifest sets.
struct ConfiguredConnections: ConnectionFactory {
    let options: ConnectionOptions

    func connection(to address: ServerAddress, tokens: any TokenProvider) -> HomeAssistantConnection {
        HomeAssistantConnection(address: address, tokenProvider: tokens, options: options)
    }

    func connection(for home: Home) -> HomeAssistantConnection {
        home.connection(options: options)
    }

    func entityStore(over connection: HomeAssistantConnection) -> EntityStore {
        EntityStore(connection: connection)
    }
}
