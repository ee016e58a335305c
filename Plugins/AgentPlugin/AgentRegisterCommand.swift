import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent register`: registers this machine, or updates its registration.
struct AgentRegisterCommand: Command {
    let name = "register"
    let summary = "Register this machine as a mobile_app device (or update the registration when anything changed)."
    let services: AgentServices
    let options: [OptionSpec] = [
        .server,
        .value("relay", "URL", help: "A push relay's /push/send URL: registers with it (once) and announces it as push_url; 'none' forgets it."),
        .value("relay-key-file", "FILE", help: "The relay's registration key, when its operator requires one ('-': standard input; default: $HOME_RELAY_KEY)."),
        .flag("insecure-relay", help: "Accept a plain http:// relay on another machine (its stream secret then travels in clear text)."),
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let session = try await AgentSession(invocation, services: services)
        let (registration, outcome) = try await session.registrar.ensureRegistered()
        let console = invocation.console
        switch outcome {
        case .registered: console.print("registered '\(registration.request.deviceName)' with \(session.home.server)")
        case .updated: console.print("updated the registration of '\(registration.request.deviceName)'")
        case .unchanged: console.print("'\(registration.request.deviceName)' is registered; nothing changed")
        case .registeredAgain: console.print("the server had deleted this device's integration; registered '\(registration.request.deviceName)' again")
        }
        console.print("webhook: \(try WebhookClient(server: session.home.server, registration: registration.response).url.absoluteString.redactingWebhookID)")
        console.print("encryption: \(registration.response.secret == nil ? "off" : "on")")
        return .success
    }
}
