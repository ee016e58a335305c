import Essentials

/// Turns Home Assistant's `message`/`title`/`data` into the payload a device receives.
///
/// Command messages (`clear_notification`, `clear_badge`, `request_location_update`,
/// `update_widgets`, `update_complications`, and Android's `command_…`) become background
/// commands. Otherwise a notification: `tag` is the collapse id, `group` the thread id,
/// `image`/`video`/`audio` an attachment, and `actions`, `url`, `sound`, `push`, `subtitle`,
/// `entity_id` keep their meaning; other data keys travel on under `data`.
public enum PayloadConverter {
    public static let commands: Set<String> = [
        "clear_notification", "clear_badge", "request_location_update", "request_location_updates",
        "update_widgets", "update_complications",
    ]

    public static func convert(_ notification: HomeAssistantNotification) throws(RelayRequestError) -> JSONValue {
        switch notification {
        case .encrypted(let sealed):
            return .object(["type": .string("encrypted"), "encrypted_data": .string(sealed)])
        case .plain(let message, let title, let data):
            if commands.contains(message) || message.hasPrefix("command_") {
                return command(message, data: data)
            }
            return try alert(message: message, title: title, data: data)
        }
    }

    private static func command(_ name: String, data: [String: JSONValue]) -> JSONValue {
        var payload: [String: JSONValue] = ["type": .string("command"), "command": .string(name)]
        if let tag = data["tag"] { payload["collapse_id"] = tag }
        let rest = data.filter { $0.key != "tag" }
        if !rest.isEmpty { payload["data"] = .object(rest) }
        return .object(payload)
    }

    private static func alert(message: String, title: String?, data: [String: JSONValue]) throws(RelayRequestError) -> JSONValue {
        var payload: [String: JSONValue] = ["type": .string("notification"), "body": .string(message)]
        if let title { payload["title"] = .string(title) }
        var rest = data
        for (key, target) in [("tag", "collapse_id"), ("group", "thread_id"), ("url", "url"), ("subtitle", "subtitle"), ("entity_id", "entity_id")] {
            guard let value = rest.removeValue(forKey: key) else { continue }
            guard case .string = value else { throw RelayRequestError(400, "data.\(key) must be a string") }
            payload[target] = value
        }
        if let sound = rest.removeValue(forKey: "sound") {
            switch sound {
            case .string, .object: payload["sound"] = sound
            default: throw RelayRequestError(400, "data.sound must be a name or an object")
            }
        }
        if let push = rest.removeValue(forKey: "push") {
            guard case .object = push else { throw RelayRequestError(400, "data.push must be an object") }
            payload["push"] = push
        }
        if let actions = rest.removeValue(forKey: "actions") {
            guard case .array(let list) = actions, list.allSatisfy({ $0.objectValue?["action"] != nil }) else {
                throw RelayRequestError(400, "data.actions must be a list of objects with an action")
            }
            payload["actions"] = actions
        }
        for kind in ["image", "video", "audio"] {
            guard let value = rest.removeValue(forKey: kind) else { continue }
            guard payload["attachment"] == nil else { throw RelayRequestError(400, "data may carry one of image, video and audio") }
            guard case .string(let url) = value, !url.isEmpty else { throw RelayRequestError(400, "data.\(kind) must be a URL or path") }
            payload["attachment"] = .object(["url": .string(url), "content_type": .string(kind)])
        }
        if !rest.isEmpty { payload["data"] = .object(rest) }
        return .object(payload)
    }
}
