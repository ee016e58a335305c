import Essentials
import Matter
import SessionContract
import WindowBridge
import WindowContract

/// The matter plugin's entry in `window.matter-commissioners`: the window's "Add Matter device"
/// commissions as `home matter commission` does, the code checked here first.
struct MatterWindowCommissioning: MatterCommissioning {
    let services: MatterServices

    func isAvailable(server: String) async -> Bool {
        (try? await services.withCommissioner(ServerSelection(server: server), timeout: 3) { commissioner, _ in
            try await commissioner.requireIntegration()
            return true
        }) ?? false
    }

    func commission(code: String, network: MatterNetworkChoice, server: String, progress: @escaping @Sendable (String) -> Void) async throws -> String {
        let typed = code.trimmingSpaces()
        _ = try SetupPayload.parse(typed)
        let device = try await services.commission(
            code: typed, network: network == .onNetwork ? nil : network, networkOnly: network == .onNetwork, selection: ServerSelection(server: server),
            timeout: 60, progress: progress
        )
        return MatterDevicesCommand.describe(device)
    }

    func code(fromPicture path: String) throws -> String {
        try SetupCodeInput.code(fromPicture: path)
    }
}
