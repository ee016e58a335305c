import CLIKit
import HomePluginKit
import Essentials
import Networking
import SessionContract
import SessionCommandKit

/// `home call DOMAIN.SERVICE [--entity ID] [key=value ...]`: calls a service.
struct CallCommand: PluginCommand {
    static let commandName = "call"
    static let commandSummary = "Call a service, such as 'light.turn_on --entity light.kitchen brightness=120'."
    let session: any SessionAccess
    let arguments = "DOMAIN.SERVICE [KEY=VALUE …]"
    let options: [OptionSpec] = [
        .value("entity", "ID", help: "The entity or entities (comma-separated) to act on."), .json, .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = try invocation.positionals("DOMAIN.SERVICE", minimum: 1, maximum: .max)
        let parts = arguments[0].split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("'\(arguments[0])' is not DOMAIN.SERVICE, such as light.turn_on")
        }
        var data: [String: JSONValue] = [:]
        for pair in arguments.dropFirst() {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError("'\(pair)' is not KEY=VALUE")
            }
            let text = String(pair[pair.index(after: equals)...])
            // A value that reads as JSON (120, true, [1,2], {"a":1}) is sent as such, anything else as text.
            data[String(pair[..<equals])] = (try? JSONParser.parse(text)) ?? .string(text)
        }
        if let entities = invocation.arguments.values["entity"] {
            let ids = entities.split(separator: ",").map { JSONValue.string(String($0)) }
            data["entity_id"] = ids.count == 1 ? ids[0] : .array(ids)
        }
        let changed = try await session.credentials(try invocation.serverSelection()).callService(parts[0], parts[1], data: data)
        if invocation.arguments.has("json") {
            invocation.console.print(try JSONSerializer.string(JSONValueEncoder().encodeValue(changed), pretty: true))
        } else {
            invocation.console.print("called \(arguments[0]); \(changed.count) state(s) changed")
            for state in changed { invocation.console.print("  \(state.entityID): \(state.state)") }
        }
        return .success
    }
}
