import CLIKit
import HomePluginKit
import Essentials
import Foundation
import Networking
import SessionPlugin

/// `home watch [PATTERN…]`: prints entity changes live, through the WebSocket API.
struct WatchCommand: PluginCommand {
    static let commandName = "watch"
    static let commandSummary = "Print entity changes as they happen, for entities matching the patterns (all by default)."
    let session: SessionAccess
    let connections: ConnectionFactory
    let arguments = "[PATTERN …]"
    let options: [OptionSpec] = [
        .value("count", "N", help: "Stop after N changes (default: run until interrupted)."), .server, .token,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let pattern = EntityPattern(patterns: try invocation.positionals("", minimum: 0, maximum: .max))
        var remaining = Int.max
        if let text = invocation.arguments.values["count"] {
            guard let count = Int(text), count > 0 else { throw UsageError("--count needs a positive number, not '\(text)'") }
            remaining = count
        }
        let credentials = try await session.credentials(invocation)
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
        // Observed from here on: the snapshot itself is the starting point, not a change.
        let changes = await store.changes()
        console.printError("watching \(await store.all.count) entities on \(credentials.address)")
        for await change in changes where pattern.matches(change.entityID) {
            let old = change.oldState?.state ?? "(new)"
            let new = change.newState?.state ?? "(removed)"
            console.print("\(HATimestamp.string(from: change.newState?.lastUpdated ?? Date()))  \(change.entityID): \(old) → \(new)")
            remaining -= 1
            if remaining == 0 { break }
        }
        await connection.stop()
        return .success
    }
}
