import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent event TYPE [JSON]`: fires an event on the server through the device's webhook.
struct AgentEventCommand: Command {
    let name = "event"
    let summary = "Fire an event on the server through this device's encrypted webhook (queued until delivered)."
    let services: AgentServices
    let arguments = "TYPE [JSON-OBJECT]"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("an event TYPE", minimum: 1, maximum: 2)
        let data = try JSONArgument.object(words.count > 1 ? words[1] : nil, name: "the event data")
        let session = try await AgentSession(invocation, services: services)
        let result = try await session.queueAndSend("fire_event", .object(["event_type": .string(words[0]), "event_data": data]))
        try invocation.report(["event \(words[0]): \(result)"], json: ["event": .string(words[0]), "outcome": .string(result)])
        return .success
    }
}
