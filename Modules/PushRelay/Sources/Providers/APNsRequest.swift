import Essentials
import Foundation

/// A device payload as Apple wants it: the `aps` dictionary, the Home Assistant keys beside it,
/// and the `apns-*` headers.
struct APNsRequest: Equatable {
    let body: JSONValue
    let pushType: String
    let priority: Int
    let collapseID: String?

    init(_ payload: JSONValue) throws {
        let fields = payload.objectValue ?? [:]
        switch fields["type"] {
        case .string("command")?:
            var homeassistant: [String: JSONValue] = ["command": fields["command"] ?? .null]
            if let tag = fields["collapse_id"] { homeassistant["tag"] = tag }
            if let data = fields["data"] { homeassistant["data"] = data }
            body = .object(["aps": .object(["content-available": .integer(1)]), "homeassistant": .object(homeassistant)])
            pushType = "background"
            priority = 5
            collapseID = nil
        case .string("encrypted")?:
            body = .object([
                "aps": .object(["alert": .object(["body": .string("Encrypted notification")]), "mutable-content": .integer(1)]),
                "encrypted_data": fields["encrypted_data"] ?? .null, "encrypted": .bool(true),
            ])
            pushType = "alert"
            priority = 10
            collapseID = nil
        default:
            var alert: [String: JSONValue] = [:]
            for key in ["title", "subtitle", "body"] { alert[key] = fields[key] }
            var aps: [String: JSONValue] = ["alert": .object(alert)]
            if let sound = fields["sound"] { aps["sound"] = sound }
            if let thread = fields["thread_id"] { aps["thread-id"] = thread }
            if fields["attachment"] != nil { aps["mutable-content"] = .integer(1) }
            if fields["actions"] != nil { aps["category"] = .string("DYNAMIC") }
            for (key, value) in fields["push"]?.objectValue ?? [:] { aps[key] = value }
            var top: [String: JSONValue] = ["aps": .object(aps)]
            for key in ["url", "entity_id", "actions", "attachment"] { top[key] = fields[key] }
            if let data = fields["data"] { top["homeassistant"] = data }
            body = .object(top)
            pushType = "alert"
            priority = 10
            if case .string(let tag)? = fields["collapse_id"] {
                guard tag.utf8.count <= 64 else { throw RelayRequestError(400, "data.tag is longer than the 64 bytes APNs allows as a collapse id") }
                // It becomes a header: a line break would start another.
                guard !tag.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw RelayRequestError(400, "data.tag contains a control character, which an APNs collapse id cannot carry")
                }
                collapseID = tag
            } else {
                collapseID = nil
            }
        }
    }
}
