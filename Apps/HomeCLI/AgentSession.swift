import Agent
import CLIKit
import HomeAPI

/// The signed-in server an agent command works with, and this machine's registration with it.
struct AgentSession {
    let home: Home
    let registrar: MobileAppRegistrar

    init(_ invocation: Invocation) async throws {
        let server = invocation.arguments.values["server"]
        guard let home = try await Home.restoreSession(server: server) else {
            throw UsageError("not signed in\(server.map { " to \($0)" } ?? ""): run 'home login URL' first")
        }
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
        registrar = MobileAppRegistrar(home: home, appVersion: HomeApp.version, device: DeviceInfo.read(appID: MobileAppRegistrar.appID), pushRelay: relay)
    }
}
