import WindowBridge
import WindowContract

/// The matter plugin's commissioning, offered to one server (the window's).
struct ServerMatterOffer: MatterCommissionOffer {
    let commissioning: any MatterCommissioning
    let server: String

    func commission(code: String, network: MatterNetworkChoice, progress: @escaping @Sendable (String) -> Void) async throws -> String {
        try await commissioning.commission(code: code, network: network, server: server, progress: progress)
    }

    func code(fromPicture path: String) throws -> String {
        try commissioning.code(fromPicture: path)
    }
}
