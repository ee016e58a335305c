import Essentials
import FoundationEssentials
import Networking

/// Receives notifications over the WebSocket API (`mobile_app/push_notification_channel` with
/// `support_confirm`), confirms each and hands it to the ``NotificationHandler``. The
/// subscription is renewed after every reconnect.
public struct LocalPushChannel: Sendable {
    let connection: HomeAssistantConnection
    let webhookID: String
    let handler: NotificationHandler
    let logger: Logger

    public init(connection: HomeAssistantConnection, webhookID: String, handler: NotificationHandler, logger: Logger) {
        self.connection = connection
        self.webhookID = webhookID
        self.handler = handler
        self.logger = logger
    }

    /// Runs until the connection stops.
    public func run() async throws {
        let fields: [String: JSONValue] = ["webhook_id": .string(webhookID), "support_confirm": .bool(true)]
        for try await update in await connection.subscribe("mobile_app/push_notification_channel", fields) {
            switch update {
            case .subscribed: logger.info("listening for notifications")
            case .events(let events): for event in events { await handle(event) }
            }
        }
    }

    func handle(_ event: JSONValue) async {
        guard let notification = PushNotification(event: event) else { return logger.info("ignored a channel event without a message") }
        if let confirmID = notification.confirmID {
            do {
                _ = try await connection.send("mobile_app/push_notification_confirm", ["webhook_id": .string(webhookID), "confirm_id": .string(confirmID)])
            } catch {
                logger.warning("could not confirm a notification: \(error)")
            }
        }
        await handler.receive(notification)
    }
}
