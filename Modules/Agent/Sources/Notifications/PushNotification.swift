import Essentials
import FoundationEssentials

/// A notification as Home Assistant's local push channel sends it.
public struct PushNotification: Sendable, Equatable {
    public let message: String
    public let title: String?
    public let data: [String: JSONValue]
    /// What to send back with `mobile_app/push_notification_confirm`, when the server asks for it.
    public let confirmID: String?

    /// Creates a notification, as the history gives one back.
    public init(message: String, title: String?, data: [String: JSONValue], confirmID: String? = nil) {
        self.message = message
        self.title = title
        self.data = data
        self.confirmID = confirmID
    }

    /// Reads a channel event; nil when it carries no message.
    public init?(event: JSONValue) {
        guard let object = event.objectValue, case .string(let message)? = object["message"] else { return nil }
        self.message = message
        if case .string(let title)? = object["title"] { self.title = title } else { title = nil }
        data = object["data"]?.objectValue ?? [:]
        if case .string(let id)? = object["hass_confirm_id"] { confirmID = id } else { confirmID = nil }
    }

    /// `data.tag`, which groups notifications and names the ones `clear_notification` removes.
    public var tag: String? {
        if case .string(let tag)? = data["tag"] { return tag }
        return nil
    }

    /// `data.group`, which the apps show together.
    public var group: String? {
        if case .string(let group)? = data["group"] { return group }
        return nil
    }

    /// Where a click on it leads: `data.url` (as the Apple app reads it) or `data.clickAction`
    /// (as the Android app does), unread; ``HAModels/LinkTarget`` reads it.
    public var link: String? {
        for key in ["url", "clickAction"] {
            if case .string(let link)? = data[key], !link.isEmpty { return link }
        }
        return nil
    }

    /// The buttons of `data.actions`.
    public var actions: [NotificationAction] { NotificationAction.list(in: data) }

    /// How urgent it is (`push.interruption-level`, `priority`, `importance`).
    public var urgency: NotificationUrgency { NotificationUrgency(data: data) }

    /// `data.image`: an image to show with it, a path on the server or a URL.
    public var image: String? {
        if case .string(let image)? = data["image"], !image.isEmpty { return image }
        return nil
    }

    /// Messages that are commands for the agent rather than something to show.
    public static let commands: Set<String> = ["clear_notification", "request_location_update", "update_sensors", "clear_badge"]

    public var isCommand: Bool { Self.commands.contains(message) || message.hasPrefix("command_") }
}
