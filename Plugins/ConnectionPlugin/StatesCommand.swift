import CLIKit
import HomePluginKit
import Essentials
import Networking
import SessionContract
import SessionCommandKit

/// `home states [--json] [PATTERN]`: the current state of every (matching) entity.
struct StatesCommand: PluginCommand {
    static let commandName = "states"
    static let commandSummary = "List entity states, optionally those matching a pattern such as 'light.*'."
    let session: any SessionAccess
    let arguments = "[PATTERN]"
    let options: [OptionSpec] = [.json, .server, .token]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let pattern = EntityPattern(patterns: try invocation.positionals("at most one PATTERN", minimum: 0, maximum: 1))
        let states = try await session.credentials(try invocation.serverSelection()).states()
            .filter { pattern.matches($0.entityID) }
            .sorted { $0.entityID < $1.entityID }
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(JSONValueEncoder().encodeValue(states), pretty: true))
            return .success
        }
        let width = states.map(\.entityID.count).max() ?? 6
        console.print(console.styled("ENTITY".padded(to: width) + "  STATE", .bold))
        for state in states {
            console.print(state.entityID.padded(to: width) + "  " + state.state)
        }
        return .success
    }
}
