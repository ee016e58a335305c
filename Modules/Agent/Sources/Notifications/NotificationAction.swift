import Essentials

/// A button on a notification, from its `data.actions` as Home Assistant's apps read them:
/// `{"action": "OPEN_DOOR", "title": "Open"}`; `"behavior": "textInput"` (or the action id
/// `REPLY`) makes it a reply that takes text; `"uri"` is what pressing it opens.
public struct NotificationAction: Sendable, Equatable, Encodable {
    /// What comes back to the server as the event's `action`.
    public let id: String
    /// The button's label.
    public let title: String
    /// Whether pressing it sends text (`reply_text`).
    public let takesText: Bool
    /// What pressing it opens (`uri`: a frontend path, a URL, `entityId:ENTITY`), unread.
    public let uri: String?

    public init(id: String, title: String, takesText: Bool, uri: String? = nil) {
        self.id = id
        self.title = title
        self.takesText = takesText
        self.uri = uri
    }

    /// The action id that only opens its `uri` and sends no event (the Android app's convention).
    public static let openOnlyID = "URI"

    /// The most actions read from one notification (the apps show at most ten).
    public static let maximumCount = 10

    /// The well-formed actions of `data`, in order; entries without an `action` id are skipped.
    public static func list(in data: [String: JSONValue]) -> [NotificationAction] {
        guard case .array(let entries)? = data["actions"] else { return [] }
        return entries.prefix(maximumCount).compactMap { entry in
            guard let object = entry.objectValue, case .string(let id)? = object["action"], !id.isEmpty else { return nil }
            let title: String
            if case .string(let text)? = object["title"], !text.isEmpty { title = text } else { title = id }
            let behavior: String
            if case .string(let text)? = object["behavior"] { behavior = text.lowercased() } else { behavior = "" }
            let uri: String?
            if case .string(let text)? = object["uri"], !text.isEmpty { uri = text } else { uri = nil }
            return NotificationAction(id: id, title: title, takesText: behavior == "textinput" || id == "REPLY", uri: uri)
        }
    }
}
