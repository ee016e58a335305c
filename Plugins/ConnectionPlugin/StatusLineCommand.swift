import CLIKit
import ConnectionContract
import Essentials
import HAModels
import HomePluginKit
import Networking
import SessionContract
import SessionCommandKit

/// `home status-line ENTITY[=LABEL] … [--json] [--once] [--separator TEXT]`: the chosen
/// entities' states on one line, printed again whenever the line changes, from the live entity
/// store (reconnecting on its own), for the panel a Linux desktop already has: waybar (`--json`),
/// i3blocks (`interval=persist`), tmux or a prompt (`--once`).
struct StatusLineCommand: PluginCommand {
    static let commandName = "status-line"
    static let commandSummary = "Chosen entities' states on one line, printed on every change: for waybar (--json), i3blocks, tmux."
    /// The most entities on one line.
    static let maximumItems = 50
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let arguments = "ENTITY[=LABEL] …"
    let options: [OptionSpec] = [
        .json, .flag("once", help: "Print the line once and exit."),
        .value("separator", "TEXT", help: "Between entities (default ' | ')."), .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("at least one ENTITY", minimum: 1, maximum: Self.maximumItems)
        let items = try words.map { word in
            guard let item = StatusLine.Item(word) else { throw UsageError("'\(word)' is not ENTITY or ENTITY=LABEL, such as sensor.outside_temperature=Out") }
            return item
        }
        let separator = invocation.arguments.values["separator"] ?? " | "
        let json = invocation.arguments.has("json")
        let credentials = try await session.credentials(try invocation.serverSelection())
        let connection = connections.connection(to: credentials.address, tokens: credentials.tokenProvider)
        await connection.start()
        let store = connections.entityStore(over: connection)
        await store.start()
        await store.waitForSnapshot()
        guard await store.snapshotCount > 0 else {
            await connection.stop()
            throw HomeAssistantError.authenticationFailed("the server rejected the token")
        }
        let changes = await store.changes(of: Set(items.map(\.entityID)))
        let console = invocation.console
        var printed: StatusLine?
        let printIfChanged = { (line: StatusLine) throws in
            guard line != printed else { return }
            printed = line
            console.print(json ? try line.json() : line.text)
        }
        try printIfChanged(await line(items, store, separator))
        if invocation.arguments.has("once") {
            await connection.stop()
            return .success
        }
        for await _ in changes {
            try printIfChanged(await line(items, store, separator))
        }
        await connection.stop()
        return .success
    }

    private func line(_ items: [StatusLine.Item], _ store: EntityStore, _ separator: String) async -> StatusLine {
        var states: [String: EntityState] = [:]
        for item in items { states[item.entityID] = await store.state(of: item.entityID) }
        return StatusLine(items: items, states: { states[$0] }, separator: separator)
    }
}
