import CLIKit
import ConnectionContract
import DeviceModel
import HomePluginKit
import Essentials
import FoundationEssentials
import HAModels
import Networking
import SessionContract
import SessionCommandKit

/// `home watch [--json] [--devices] [PATTERN…]`: prints entity changes live, through the WebSocket API.
/// With `--devices`, changes of the device model instead: devices added, removed, renamed, moved
/// between rooms, and their entities' states (patterns match device names and entity ids).
/// With `--json`, one object per line for scripts: first each matching entity of the snapshot
/// (`{"entity_id", "new_state", "snapshot": true}`), then each change
/// (`{"entity_id", "old_state", "new_state"}`, null for an entity added or removed), so a reader
/// that applies the lines in order holds what the store holds, across reconnections.
struct WatchCommand: PluginCommand {
    static let commandName = "watch"
    static let commandSummary = "Print entity changes as they happen, for entities matching the patterns (all by default)."
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let arguments = "[PATTERN …]"
    let options: [OptionSpec] = [
        .value("count", "N", help: "Stop after N changes (default: run until interrupted)."),
        .flag("devices", help: "Watch devices (from the registries) instead of entities: added, removed, renamed, moved, their states."),
        .json, .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let pattern = EntityPattern(patterns: try invocation.positionals("", minimum: 0, maximum: .max))
        var remaining = Int.max
        if let text = invocation.arguments.values["count"] {
            guard let count = Int(text), count > 0 else { throw UsageError("--count needs a positive number, not '\(text)'") }
            remaining = count
        }
        let credentials = try await session.credentials(try invocation.serverSelection())
        let connection = connections.connection(to: credentials.address, tokens: credentials.tokenProvider)
        await connection.start()
        let store = connections.entityStore(over: connection)
        await store.start()
        let console = invocation.console
        let watcher = Task {
            for await state in await connection.stateUpdates() {
                guard case .disconnected(let reason?) = state, reason != .stopped else { continue }
                console.printError("connection: \(reason)")
                if case .authenticationFailed = reason {
                    await store.stop()
                    return
                }
            }
        }
        defer { watcher.cancel() }
        await store.waitForSnapshot()
        guard await store.snapshotCount > 0 else {
            await connection.stop()
            throw HomeAssistantError.authenticationFailed("the server rejected the token")
        }
        if invocation.arguments.has("devices") {
            let model = HomeModel(connection: connection, store: store, server: "\(credentials.server)", strictValidation: true)
            do {
                try await model.start()
                try await DeviceWatch(model: model, pattern: pattern, json: invocation.arguments.has("json"), console: console).run(count: remaining)
            } catch {
                await model.stop()
                await connection.stop()
                throw error
            }
            await model.stop()
            await connection.stop()
            return .success
        }
        // Observed from here on: the snapshot itself is the starting point, not a change.
        let changes = await store.changes()
        let snapshot = store.all
        console.printError("watching \(snapshot.count) entities on \(credentials.address)")
        let json = invocation.arguments.has("json")
        if json {
            for state in snapshot.values.sorted(by: { $0.entityID < $1.entityID }) where pattern.matches(state.entityID) {
                console.print(try Self.line(entityID: state.entityID, old: nil, new: state, snapshot: true))
            }
        }
        for await change in changes where pattern.matches(change.entityID) {
            if json {
                console.print(try Self.line(entityID: change.entityID, old: change.oldState, new: change.newState, snapshot: false))
            } else {
                let old = change.oldState?.state ?? "(new)"
                let new = change.newState?.state ?? "(removed)"
                console.print("\(HATimestamp.string(from: change.newState?.lastUpdated ?? Current.now()))  \(change.entityID): \(old) → \(new)".terminalSafe)
            }
            remaining -= 1
            if remaining == 0 { break }
        }
        await connection.stop()
        return .success
    }

    /// One line of `--json` output.
    static func line(entityID: String, old: EntityState?, new: EntityState?, snapshot: Bool) throws -> String {
        let encoder = JSONValueEncoder()
        var fields: [String: JSONValue] = ["entity_id": .string(entityID), "new_state": try new.map(encoder.encodeValue) ?? .null]
        if snapshot {
            fields["snapshot"] = .bool(true)
        } else {
            fields["old_state"] = try old.map(encoder.encodeValue) ?? .null
        }
        return try JSONSerializer.string(.object(fields))
    }
}
