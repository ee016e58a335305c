import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit
import Essentials

/// `home notifications [--json] [--limit N]`: the notifications the agent received from the
/// server, with their actions; `home notifications act ID ACTION` presses one.
struct NotificationsCommand: PluginCommand {
    static let commandName = "notifications"
    static let commandSummary = "List the notifications received from the server (newest first)."
    let services: AgentServices
    let options: [OptionSpec] = [.json, .value("limit", "N", help: "How many (default 20)."), .server]
    var subcommands: [any Command] { [NotificationActCommand(services: services)] }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        var limit = 20
        if let text = invocation.arguments.values["limit"] {
            guard let number = Int(text), number > 0 else { throw UsageError("--limit needs a positive number") }
            limit = number
        }
        let records = try await StoredNotificationHistory(services: services).recent(server: invocation.server, limit: limit)
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(records)
            return .success
        }
        if records.isEmpty { console.print("no notifications yet; 'home agent' receives them") }
        for record in records { console.print(Self.line(record)) }
        return .success
    }

    /// One notification: id, time, urgency when not normal, group, text, actions, and what became
    /// of it; control characters from the sender made visible.
    static func line(_ record: NotificationRecord) -> String {
        var line = "\(record.id)  \(HATimestamp.string(from: record.receivedAt))  "
        if record.urgency != .normal { line += "[\(record.urgency.rawValue)] " }
        if let group = record.group { line += "(\(group)) " }
        line += "\(record.title.map { "\($0): " } ?? "")\(record.message)"
        if !record.actions.isEmpty {
            line += "  actions: " + record.actions.map { $0.takesText ? "\($0.id) (reply)" : $0.id }.joined(separator: ", ")
        }
        if let replacement = record.replacedBy {
            line += "  (replaced by \(replacement))"
        } else if record.clearedAt != nil {
            line += "  (cleared)"
        }
        return line.terminalSafe
    }
}
