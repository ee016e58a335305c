import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit
import Essentials

/// `home agent config`: the server's configuration through the encrypted webhook (`get_config`).
struct AgentConfigCommand: Command {
    let name = "config"
    let summary = "Ask the server for its configuration through this device's encrypted webhook."
    let services: AgentServices
    let options: [OptionSpec] = [.json, .server]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let session = try await AgentSession(invocation, services: services)
        let (registration, _) = try await session.registrar.ensureRegistered()
        let config = try await WebhookClient(server: session.home.address, registration: registration.response).send("get_config") ?? .null
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(config, pretty: true))
            return .success
        }
        let fields = config.objectValue ?? [:]
        func text(_ key: String) -> String { if case .string(let value)? = fields[key] { value } else { "?" } }
        console.print("server:     \(text("location_name")) (Home Assistant \(text("version")))")
        console.print("time zone:  \(text("time_zone"))")
        if case .array(let components)? = fields["components"] { console.print("components: \(components.count)") }
        return .success
    }
}
