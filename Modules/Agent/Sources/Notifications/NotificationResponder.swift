import Essentials

/// Presses a notification's action: sends `mobile_app_notification_action` through the device's
/// webhook (`fire_event`), with the action id, the reply text of a reply, and the notification's
/// `tag`, `group`, `title`, `message` and `action_data`, as Home Assistant's apps send it, so an
/// automation waiting for the action (its `event_data.action`) goes on.
public struct NotificationResponder: Sendable {
    /// The event's type.
    public static let eventType = "mobile_app_notification_action"

    let send: @Sendable (_ type: String, _ data: JSONValue) async throws -> String

    /// Creates a responder; `send` queues a webhook call and says whether it went out.
    public init(send: @escaping @Sendable (_ type: String, _ data: JSONValue) async throws -> String) {
        self.send = send
    }

    /// Presses `actionID` on `notification`, with `text` for a reply; returns what `send` said.
    public func press(_ actionID: String, text: String?, on notification: PushNotification) async throws -> String {
        let action = try Self.action(actionID, text: text, on: notification)
        return try await send("fire_event", .object(["event_type": .string(Self.eventType), "event_data": Self.eventData(action, text: text, notification)]))
    }

    /// The action `actionID` of `notification`, checked against the text given.
    static func action(_ actionID: String, text: String?, on notification: PushNotification) throws(NotificationActionError) -> NotificationAction {
        let actions = notification.actions
        guard let action = actions.first(where: { $0.id == actionID }) else { throw .unknownAction(actionID, available: actions.map(\.id)) }
        if action.takesText, text == nil { throw .textRequired(actionID) }
        if !action.takesText, text != nil { throw .textNotTaken(actionID) }
        return action
    }

    static func eventData(_ action: NotificationAction, text: String?, _ notification: PushNotification) -> JSONValue {
        var data: [String: JSONValue] = ["action": .string(action.id), "message": .string(notification.message)]
        if let text { data["reply_text"] = .string(text) }
        if let title = notification.title { data["title"] = .string(title) }
        for key in ["tag", "group", "action_data"] {
            if let value = notification.data[key] { data[key] = value }
        }
        return .object(data)
    }
}
