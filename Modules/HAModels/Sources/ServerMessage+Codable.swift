extension ServerMessage: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, id, message
        case haVersion = "ha_version"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "auth_required": self = .authRequired(haVersion: try container.decode(String.self, forKey: .haVersion))
        case "auth_ok": self = .authOK(haVersion: try container.decode(String.self, forKey: .haVersion))
        case "auth_invalid": self = .authInvalid(message: try container.decode(String.self, forKey: .message))
        case "result": self = .result(try ResultMessage(from: decoder))
        case "event": self = .event(try EventMessage(from: decoder))
        case "pong": self = .pong(id: try container.decode(Int.self, forKey: .id))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown message type '\(type)'; known: \(ServerMessage.types.joined(separator: ", "))"
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .authRequired(let version):
            try container.encode("auth_required", forKey: .type)
            try container.encode(version, forKey: .haVersion)
        case .authOK(let version):
            try container.encode("auth_ok", forKey: .type)
            try container.encode(version, forKey: .haVersion)
        case .authInvalid(let message):
            try container.encode("auth_invalid", forKey: .type)
            try container.encode(message, forKey: .message)
        case .result(let result):
            try container.encode("result", forKey: .type)
            try result.encode(to: encoder)
        case .event(let event):
            try container.encode("event", forKey: .type)
            try event.encode(to: encoder)
        case .pong(let id):
            try container.encode("pong", forKey: .type)
            try container.encode(id, forKey: .id)
        }
    }
}
