import CLIKit
import Essentials
import SessionCommandKit
import Tray

/// `home tray pins [--json]`: the quick actions, in the tray's order.
struct TrayPinsCommand: Command {
    let services: TrayServices
    let name = "pins"
    let summary = "List the entities pinned to the tray."
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let home = try await services.session.restore(server: invocation.server)
        let pins = try TrayPins(folder: home.folders.data).list()
        try invocation.report(pins.isEmpty ? ["no pins; pin one with 'home tray pin ENTITY'"] : pins, json: ["pins": .array(pins.map(JSONValue.string))])
        return .success
    }
}
