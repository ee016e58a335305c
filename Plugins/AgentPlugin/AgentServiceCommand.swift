import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home agent service DOMAIN.SERVICE [JSON]`: calls a service through the device's webhook.
struct AgentServiceCommand: Command {
    let name = "service"
    let summary = "Call a service through this device's encrypted webhook (queued until delivered)."
    let services: AgentServices
    let arguments = "DOMAIN.SERVICE [JSON-OBJECT]"
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("DOMAIN.SERVICE", minimum: 1, maximum: 2)
        let parts = words[0].split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { throw UsageError("'\(words[0])' is not DOMAIN.SERVICE") }
        let data = try JSONArgument.object(words.count > 1 ? words[1] : nil, name: "the service data")
        let session = try await AgentSession(invocation, services: services)
        let result = try await session.queueAndSend("call_service", .object(["domain": .string(parts[0]), "service": .string(parts[1]), "service_data": data]))
        try invocation.report(["call \(words[0]): \(result)"], json: ["service": .string(words[0]), "outcome": .string(result)])
        return .success
    }
}
