import Agent
import CLIKit
import HomeAPI

/// The signed-in server an agent command works with, and this machine's registration with it.
struct AgentSession {
    let home: Home
    let registrar: MobileAppRegistrar
    private let manifestOption: String?

    init(_ invocation: Invocation) async throws {
        let server = invocation.arguments.values["server"]
        let home = try await SignedInHome.restore(server: server)
        do {
            try await home.checkAccess()
        } catch where MobileAppRegistrar.isUnreachable(error) {
            // Offline: access is checked by the first call that reaches the server.
        }
        var relay: (url: String, token: String)?
        if let url = invocation.arguments.values["relay"] {
            guard let token = invocation.arguments.values["relay-token"], !token.isEmpty else { throw UsageError("--relay needs --relay-token TOKEN") }
            relay = (url, token)
        }
        self.home = home
        manifestOption = invocation.arguments.values["manifest"]
        registrar = MobileAppRegistrar(home: home, appVersion: HomeApp.version, device: DeviceInfo.read(appID: MobileAppRegistrar.appID), pushRelay: relay)
    }

    /// Reports the sensors of the manifest's linux-sensors plugin through `registration`'s webhook and the durable queue.
    func sensorReporter(for registration: AgentRegistration) async throws -> SensorReporter {
        SensorReporter(
            webhook: try WebhookClient(server: home.server, registration: registration.response),
            queue: try WebhookQueue(folder: home.folders.data), sensors: try await AgentSensors.load(manifestOption: manifestOption)
        )
    }
}
