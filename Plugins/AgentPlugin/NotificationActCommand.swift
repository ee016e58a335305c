import Agent
import CLIKit
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home notifications act ID ACTION [--text TEXT]`: presses a notification's action from the
/// terminal, as its button would: the server gets `mobile_app_notification_action` through the
/// device's webhook (queued until delivered).
struct NotificationActCommand: Command {
    let name = "act"
    let summary = "Press a notification's action (its id from 'home notifications'); --text answers a reply action."
    let services: AgentServices
    let arguments = "ID ACTION"
    let options: [OptionSpec] = [.value("text", "TEXT", help: "The reply of a reply action."), .server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("a notification ID and an ACTION", minimum: 2, maximum: 2)
        guard let id = Int64(words[0]), id > 0 else { throw UsageError("ID must be a notification's number from 'home notifications'") }
        let session = try await AgentSession(invocation, services: services)
        guard let notification = try NotificationHistory(folder: session.home.folders.data).notification(id: id) else {
            throw UsageError("\(NotificationActionError.unknownNotification(id))")
        }
        let responder = NotificationResponder { type, data in try await session.queueAndSend(type, data) }
        do {
            let outcome = try await responder.press(words[1], text: invocation.arguments.values["text"], on: notification)
            try invocation.report(["pressed \(words[1]) on notification \(id): \(outcome)"], json: ["notification": .integer(id), "action": .string(words[1]), "outcome": .string(outcome)])
        } catch let error as NotificationActionError {
            throw UsageError("\(error)")
        }
        return .success
    }
}
