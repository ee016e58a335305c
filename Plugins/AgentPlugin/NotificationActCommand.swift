import Agent
import CLIKit
import HomePluginKit
import SessionCommandKit

/// `home notifications act ID ACTION [--text TEXT]`: presses a notification's action from the
/// terminal, as its button would: the server gets `mobile_app_notification_action` through the
/// device's webhook (queued until delivered). The settings page presses them the same way.
struct NotificationActCommand: Command {
    let name = "act"
    let summary = "Press a notification's action (its id from 'home notifications'); --text answers a reply action."
    let services: AgentServices
    let arguments = "ID ACTION"
    let options: [OptionSpec] = [.value("text", "TEXT", help: "The reply of a reply action."), .server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("a notification ID and an ACTION", minimum: 2, maximum: 2)
        guard let id = Int64(words[0]), id > 0 else { throw UsageError("ID must be a notification's number from 'home notifications'") }
        let outcome: String
        do {
            outcome = try await StoredNotificationHistory(services: services).press(words[1], text: invocation.arguments.values["text"], notification: id, server: invocation.server)
        } catch let error as NotificationActionError {
            throw UsageError("\(error)")
        }
        try invocation.report(["pressed \(words[1]) on notification \(id): \(outcome)"], json: ["notification": .integer(id), "action": .string(words[1]), "outcome": .string(outcome)])
        return .success
    }
}
