import Essentials

extension PushNotification {
    /// Reads a notification as the push relay delivers it on `/push/stream`: a `notification`
    /// (`body`, `title`, `collapse_id` …) or a `command`, back in Home Assistant's terms (`tag`,
    /// `group`, …). Nil for what cannot be read here, such as an `encrypted` payload.
    public init?(relayPayload: JSONValue) {
        guard let object = relayPayload.objectValue, case .string(let type)? = object["type"] else { return nil }
        var data = object["data"]?.objectValue ?? [:]
        for (key, name) in [("collapse_id", "tag"), ("thread_id", "group"), ("url", "url"), ("subtitle", "subtitle"), ("entity_id", "entity_id")] {
            if let value = object[key] { data[name] = value }
        }
        switch (type, object["body"], object["command"]) {
        case ("notification", .string(let body)?, _): message = body
        case ("command", _, .string(let command)?): message = command
        default: return nil
        }
        if case .string(let title)? = object["title"] { self.title = title } else { title = nil }
        self.data = data
        confirmID = nil
    }
}
