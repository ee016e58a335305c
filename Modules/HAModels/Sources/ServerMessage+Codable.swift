import Essentials

extension ServerMessage: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, id, message
        case haVersion = "ha_version"
    }

    /// Decodes through ``init(json:)``, the one implementation of the format.
    public init(from decoder: any Decoder) throws {
        self = try ServerMessage(json: JSONValue(from: decoder))
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
