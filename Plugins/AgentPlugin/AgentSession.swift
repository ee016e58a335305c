import Agent
import CLIKit
import HomeAPI

/// The signed-in server an agent command works with, and this machine's registration with it.
struct AgentSession: Sendable {
    let home: Home
    let registrar: MobileAppRegistrar
    let services: AgentServices

    init(_ invocation: Invocation, services: AgentServices) async throws {
        let home = try await services.session.restore(server: invocation.arguments.values["server"])
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
        self.services = services
        registrar = MobileAppRegistrar(
            home: home, appVersion: services.appVersion, device: DeviceInfo.read(appID: MobileAppRegistrar.appID), pushRelay: relay
        )
    }

    /// Reports the contributed sensors through `registration`'s webhook and the durable queue.
    func sensorReporter(for registration: AgentRegistration) throws -> SensorReporter {
        SensorReporter(
            webhook: try WebhookClient(server: home.server, registration: registration.response),
            queue: try WebhookQueue(folder: home.folders.data), sensors: services.sensors
        )
    }
}
