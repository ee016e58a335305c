import CLIKit
import SessionContract
import Thread
import ThreadContract

/// The thread plugin's ``ThreadNetworkSharing``: the store and `home thread share`'s sync.
struct StoredThreadNetworks: ThreadNetworkSharing {
    let services: ThreadServices

    func networks() throws -> [ThreadNetworkChoice] {
        try services.store().all().map(Self.choice)
    }

    func dataset(_ network: String?, server: String?) async throws -> (ThreadNetworkChoice, String)? {
        let stored: StoredDataset?
        if let network {
            let all = try services.store().all()
            guard let match = all.first(where: { $0.id == network }) ?? all.first(where: { $0.dataset.networkName == network }) else {
                throw UsageError("no Thread network '\(network)' in the store; 'home thread list' shows them")
            }
            stored = match
        } else {
            stored = try await services.withSync(ServerSelection(server: server, token: nil)) { try await $0.preferredDataset() }
        }
        return stored.map { (Self.choice($0), $0.dataset.hex) }
    }

    private static func choice(_ stored: StoredDataset) -> ThreadNetworkChoice {
        ThreadNetworkChoice(id: stored.id, name: stored.dataset.networkName, channel: stored.dataset.channel.map { Int($0.channel) })
    }

    func share(_ id: String, server: String?) async throws -> String {
        try await services.withSync(ServerSelection(server: server, token: nil)) { try await $0.share(id) }
    }
}
