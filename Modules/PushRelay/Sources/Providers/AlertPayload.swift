import Essentials

/// A notification to show (not a command), sorted out from Home Assistant's `data`: the keys with
/// a meaning checked in a fixed order, so a body with several faults is always refused for the
/// same one; the payload made from it as a ``JSONValue`` (for the providers) or written straight
/// as the bytes `JSONSerializer` would write of that value (for streams: the payload of nearly
/// every send, without a tree to build or keys to sort).
struct AlertPayload {
    private let message: String
    private let title: String?
    private var collapseID, threadID, url, subtitle, entityID, sound, push, actions: JSONValue?
    private var attachment: (url: String, kind: String)?
    private var rest: [String: JSONValue] = [:]

    /// Refuses (400) data whose keys with a meaning hold the wrong kind of value.
    init(message: String, title: String?, data: [String: JSONValue]) throws(RelayRequestError) {
        self.message = message
        self.title = title
        var tag, group, url, subtitle, entityID, sound, push, actions, image, video, audio: JSONValue?
        // One pass sorts the keys out; they are checked afterwards.
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
        collapseID = try Self.string(tag, named: "tag")
        threadID = try Self.string(group, named: "group")
        self.url = try Self.string(url, named: "url")
        self.subtitle = try Self.string(subtitle, named: "subtitle")
        self.entityID = try Self.string(entityID, named: "entity_id")
        if let sound {
            switch sound {
            case .string, .object: self.sound = sound
            default: throw RelayRequestError(400, "data.sound must be a name or an object")
            }
        }
        if let push {
            guard case .object = push else { throw RelayRequestError(400, "data.push must be an object") }
            self.push = push
        }
        if let actions {
            guard case .array(let list) = actions, list.allSatisfy({ $0.objectValue?["action"] != nil }) else {
                throw RelayRequestError(400, "data.actions must be a list of objects with an action")
            }
            self.actions = actions
        }
        for (kind, value) in [("image", image), ("video", video), ("audio", audio)] {
            guard let value else { continue }
            guard attachment == nil else { throw RelayRequestError(400, "data may carry one of image, video and audio") }
            guard case .string(let location) = value, !location.isEmpty else { throw RelayRequestError(400, "data.\(kind) must be a URL or path") }
            attachment = (location, kind)
        }
    }

    /// `value`, which must be a string when there is one.
    private static func string(_ value: JSONValue?, named key: String) throws(RelayRequestError) -> JSONValue? {
        guard let value else { return nil }
        guard case .string = value else { throw RelayRequestError(400, "data.\(key) must be a string") }
        return value
    }

    /// The payload as a value.
    var json: JSONValue {
        var payload: [String: JSONValue] = ["type": .string("notification"), "body": .string(message)]
        if let title { payload["title"] = .string(title) }
        let optional: [(String, JSONValue?)] = [
            ("collapse_id", collapseID), ("thread_id", threadID), ("url", url), ("subtitle", subtitle), ("entity_id", entityID),
            ("sound", sound), ("push", push), ("actions", actions),
        ]
        for case let (key, value?) in optional { payload[key] = value }
        if let attachment { payload["attachment"] = .object(["url": .string(attachment.url), "content_type": .string(attachment.kind)]) }
        if !rest.isEmpty { payload["data"] = .object(rest) }
        return .object(payload)
    }

    /// What `JSONSerializer.data(json)` gives, written member by member in its (sorted) order.
    func bytes() throws(JSONEncodingError) -> [UInt8] {
        var object = JSONObjectWriter()
        var writable = object.value("actions", actions)
        if let attachment {
            object.object("attachment") { inner in
                inner.string("content_type", attachment.kind)
                inner.string("url", attachment.url)
            }
        }
        object.string("body", message)
        writable = writable && object.value("collapse_id", collapseID) && object.value("data", rest.isEmpty ? nil : .object(rest))
            && object.value("entity_id", entityID) && object.value("push", push) && object.value("sound", sound)
            && object.value("subtitle", subtitle) && object.value("thread_id", threadID)
        if let title { object.string("title", title) }
        object.string("type", "notification")
        writable = writable && object.value("url", url)
        // A number JSON cannot hold: the serializer says where it is.
        guard writable else { return try JSONSerializer.data(json) }
        return object.finished()
    }
}
