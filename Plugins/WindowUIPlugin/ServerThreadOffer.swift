import ThreadContract
import WindowBridge

/// The thread plugin's networks, offered to one server (the window's).
struct ServerThreadOffer: ThreadNetworkOffer {
    let sharing: any ThreadNetworkSharing
    let server: String

    func networks() async throws -> [OfferedNetwork] {
        try sharing.networks().map { network in
            OfferedNetwork(id: network.id, label: "\(network.name ?? network.id)\(network.channel.map { ", channel \($0)" } ?? "")")
        }
    }

    func share(_ id: String) async throws -> String {
        try await sharing.share(id, server: server)
    }
}
