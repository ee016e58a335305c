import Essentials
import Foundation

/// A notification as Home Assistant's local push channel sends it.
public struct PushNotification: Sendable, Equatable {
    public let message: String
    public let title: String?
    public let data: [String: JSONValue]
    /// What to send back with `mobile_app/push_notification_confirm`, when the server asks for it.
    public let confirmID: String?

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

    /// Messages that are commands for the agent rather than something to show.
    public static let commands: Set<String> = ["clear_notification", "request_location_update", "update_sensors", "clear_badge"]

    public var isCommand: Bool { Self.commands.contains(message) || message.hasPrefix("command_") }
}
