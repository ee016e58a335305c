extension ClientMessage: Encodable {
    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes the message flat, as the server expects: `{"id": 3, "type": "call_service", "domain": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        switch self {
        case .auth(let token):
            try container.encode("auth", forKey: FieldKey("type"))
            try container.encode(token, forKey: FieldKey("access_token"))
        case .command(let id, let type, let fields):
            for (name, value) in fields where name != "id" && name != "type" {
                try container.encode(value, forKey: FieldKey(name))
            }
            try container.encode(id, forKey: FieldKey("id"))
            try container.encode(type, forKey: FieldKey("type"))
        }
    }
}
