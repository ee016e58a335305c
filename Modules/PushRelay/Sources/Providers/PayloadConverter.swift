import Essentials

/// Turns Home Assistant's `message`/`title`/`data` into the payload a device receives.
///
/// Command messages (`clear_notification`, `clear_badge`, `request_location_update`,
/// `update_widgets`, `update_complications`, and Android's `command_…`) become background
/// commands. Otherwise a notification: `tag` is the collapse id, `group` the thread id,
/// `image`/`video`/`audio` an attachment, and `actions`, `url`, `sound`, `push`, `subtitle`,
/// `entity_id` keep their meaning; other data keys travel on under `data`.
public enum PayloadConverter {
    /// The message commands a device acts on rather than shows (`clear_notification`, `request_location_update`, …).
    public static let commands: Set<String> = [
        "clear_notification", "clear_badge", "request_location_update", "request_location_updates",
        "update_widgets", "update_complications",
    ]

    /// The payload a device receives for Home Assistant's `notification`; a `RelayRequestError` (400) for one that cannot be sent.
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

    /// One pass over `data` sorts out the keys with a meaning; they are checked afterwards in a
    /// fixed order, so a body with several faults is always refused for the same one.
    private static func alert(message: String, title: String?, data: [String: JSONValue]) throws(RelayRequestError) -> JSONValue {
        var payload: [String: JSONValue] = ["type": .string("notification"), "body": .string(message)]
        if let title { payload["title"] = .string(title) }
        var tag, group, url, subtitle, entityID, sound, push, actions, image, video, audio: JSONValue?
        var rest: [String: JSONValue] = [:]
        for (key, value) in data {
            switch key {
            case "tag": tag = value
            case "group": group = value
            case "url": url = value
            case "subtitle": subtitle = value
            case "entity_id": entityID = value
            case "sound": sound = value
            case "push": push = value
            case "actions": actions = value
            case "image": image = value
            case "video": video = value
            case "audio": audio = value
            default: rest[key] = value
            }
        }
        try move(tag, named: "tag", to: "collapse_id", in: &payload)
        try move(group, named: "group", to: "thread_id", in: &payload)
        try move(url, named: "url", to: "url", in: &payload)
        try move(subtitle, named: "subtitle", to: "subtitle", in: &payload)
        try move(entityID, named: "entity_id", to: "entity_id", in: &payload)
        if let sound {
            switch sound {
            case .string, .object: payload["sound"] = sound
            default: throw RelayRequestError(400, "data.sound must be a name or an object")
            }
        }
        if let push {
            guard case .object = push else { throw RelayRequestError(400, "data.push must be an object") }
            payload["push"] = push
        }
        if let actions {
            guard case .array(let list) = actions, list.allSatisfy({ $0.objectValue?["action"] != nil }) else {
                throw RelayRequestError(400, "data.actions must be a list of objects with an action")
            }
            payload["actions"] = actions
        }
        if image != nil || video != nil || audio != nil {
            for (kind, value) in [("image", image), ("video", video), ("audio", audio)] {
                guard let value else { continue }
                guard payload["attachment"] == nil else { throw RelayRequestError(400, "data may carry one of image, video and audio") }
                guard case .string(let url) = value, !url.isEmpty else { throw RelayRequestError(400, "data.\(kind) must be a URL or path") }
                payload["attachment"] = .object(["url": .string(url), "content_type": .string(kind)])
            }
        }
        if !rest.isEmpty { payload["data"] = .object(rest) }
        return .object(payload)
    }

    /// A string of `data` under `key`, put into the payload as `target`.
    private static func move(_ value: JSONValue?, named key: String, to target: String, in payload: inout [String: JSONValue]) throws(RelayRequestError) {
        guard let value else { return }
        guard case .string = value else { throw RelayRequestError(400, "data.\(key) must be a string") }
        payload[target] = value
    }
}
