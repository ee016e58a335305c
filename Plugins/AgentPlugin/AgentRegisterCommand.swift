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
        .flag("insecure-relay", help: "Accept a plain http:// relay on another machine (its stream secret then travels in clear text)."), .json,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let session = try await AgentSession(invocation, services: services)
        let (registration, outcome) = try await session.registrar.ensureRegistered()
        let name = registration.request.deviceName
        let (said, word): (String, String) = switch outcome {
        case .registered: ("registered '\(name)' with \(session.home.server)", "registered")
        case .updated: ("updated the registration of '\(name)'", "updated")
        case .unchanged: ("'\(name)' is registered; nothing changed", "unchanged")
        case .registeredAgain: ("the server had deleted this device's integration; registered '\(name)' again", "registered_again")
        }
        let webhook = try WebhookClient(server: session.home.address, registration: registration.response).url.absoluteString.redactingWebhookID
        let encrypted = registration.response.secret != nil
        try invocation.report(
            [said, "webhook: \(webhook)", "encryption: \(encrypted ? "on" : "off")"],
            json: ["outcome": .string(word), "device_name": .string(name), "server": .string("\(session.home.server)"), "webhook": .string(webhook), "encrypted": .bool(encrypted)]
        )
        return .success
    }
}
