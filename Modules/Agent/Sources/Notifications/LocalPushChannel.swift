import Foundation
import HAModels
import Networking

/// Receives notifications over the WebSocket API (`mobile_app/push_notification_channel` with
/// `support_confirm`), confirms each, keeps it in the history and shows it, or runs the handler
/// of a command message instead. The subscription is renewed after every reconnect.
public struct LocalPushChannel: Sendable {
    let connection: HomeAssistantConnection
    let webhookID: String
    let history: NotificationHistory
    let presenter: any NotificationPresenter
    let log: @Sendable (String) -> Void

    public init(connection: HomeAssistantConnection, webhookID: String, history: NotificationHistory, presenter: any NotificationPresenter, log: @escaping @Sendable (String) -> Void) {
        self.connection = connection
        self.webhookID = webhookID
        self.history = history
        self.presenter = presenter
        self.log = log
    }

    /// Runs until the connection stops.
    public func run() async throws {
        let fields: [String: JSONValue] = ["webhook_id": .string(webhookID), "support_confirm": .bool(true)]
        for try await update in await connection.subscribe("mobile_app/push_notification_channel", fields) {
            switch update {
            case .subscribed: log("listening for notifications")
            case .events(let events): for event in events { await handle(event) }
            }
        }
    }

    func handle(_ event: JSONValue) async {
        guard let notification = PushNotification(event: event) else { return log("ignored a channel event without a message") }
        if let confirmID = notification.confirmID {
            do {
                _ = try await connection.send("mobile_app/push_notification_confirm", ["webhook_id": .string(webhookID), "confirm_id": .string(confirmID)])
            } catch {
                log("could not confirm a notification: \(error)")
            }
        }
        do {
            if notification.isCommand {
                try run(command: notification)
            } else {
                try history.record(notification)
                log("notification: \(notification.title.map { "\($0): " } ?? "")\(notification.message)")
                presenter.show(notification)
            }
        } catch {
            log("could not keep a notification: \(error)")
        }
    }

    private func run(command notification: PushNotification) throws {
        switch notification.message {
        case "clear_notification":
            guard let tag = notification.tag else { return log("clear_notification without a tag: nothing to clear") }
            log("cleared \(try history.clear(tag: tag)) notification(s) tagged \(tag)")
        default:
            log("command \(notification.message): nothing to do on this machine")
        }
    }
}
