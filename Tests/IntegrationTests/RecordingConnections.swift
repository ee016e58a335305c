import ConnectionContract
import HomeAPI
import Networking

/// A ``ConnectionFactory`` that records the server of every connection it opens.
struct RecordingConnections: ConnectionFactory {
    let record: RecordedAddresses

    func connection(to address: ServerAddress, tokens: any TokenProvider) -> HomeAssistantConnection {
        record.append("\(address)")
        return HomeAssistantConnection(address: address, tokenProvider: tokens)
    }

    func connection(for home: Home) -> HomeAssistantConnection {
        record.append("\(home.server)")
        return home.connection(options: ConnectionOptions())
    }

    func entityStore(over connection: HomeAssistantConnection) -> EntityStore {
        EntityStore(connection: connection)
    }
}
