import Essentials

extension ServerMessage {
    /// Decodes a server message by hand: every frame of a connection passes through here.
    public init(json: JSONValue) throws(JSONDecodingError) {
        let fields = try JSONValue.Fields(json, path: "")
        let type = try fields.string("type")
        switch type {
        case "event": self = .event(EventMessage(id: try fields.integer("id"), event: fields.fields["event"] ?? .null))
        case "result":
            var error: ServerError?
            if let object = try fields.optionalObject("error") {
                error = try JSONValueDecoder().decode(ServerError.self, from: .object(object))
            }
            guard case .bool(let success)? = fields.fields["success"] else { throw fields.mismatch("success", "a boolean") }
            self = .result(ResultMessage(id: try fields.integer("id"), success: success, result: fields.fields["result"], error: error))
        case "pong": self = .pong(id: try fields.integer("id"))
        case "auth_required": self = .authRequired(haVersion: try fields.string("ha_version"))
        case "auth_ok": self = .authOK(haVersion: try fields.string("ha_version"))
        case "auth_invalid": self = .authInvalid(message: try fields.string("message"))
        default:
            throw JSONDecodingError(path: "type", reason: "unknown message type '\(type)'; known: \(ServerMessage.types.joined(separator: ", "))")
        }
    }
}
