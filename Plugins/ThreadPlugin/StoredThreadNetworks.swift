import SessionContract
import ThreadContract

/// The thread plugin's ``ThreadNetworkSharing``: the store and `home thread share`'s sync.
struct StoredThreadNetworks: ThreadNetworkSharing {
    let services: ThreadServices

    func networks() throws -> [ThreadNetworkChoice] {
        try services.store().all().map { ThreadNetworkChoice(id: $0.id, name: $0.dataset.networkName, channel: $0.dataset.channel.map { Int($0.channel) }) }
    }

    func share(_ id: String, server: String?) async throws -> String {
        try await services.withSync(ServerSelection(server: server, token: nil)) { try await $0.share(id) }
    }
}
