import Essentials

/// A mobile_app webhook call: `{"type": "update_sensor_states", "data": …}`, or its encrypted
/// form `{"type": "encrypted", "encrypted": true, "encrypted_data": "…"}` (older servers: the real type).
public struct WebhookRequest: Codable, Sendable, Hashable {
    public let type: String
    public let data: JSONValue?
    public let encrypted: Bool?
    public let encryptedData: String?

    /// A plain request.
    public init(type: String, data: JSONValue?) {
        self.type = type
        self.data = data
        encrypted = nil
        encryptedData = nil
    }

    /// An encrypted request carrying the sealed JSON of `{"type", "data"}` in base64.
    public init(type: String = "encrypted", encryptedData: String) {
        self.type = type
        data = nil
        encrypted = true
        self.encryptedData = encryptedData
    }

    enum CodingKeys: String, CodingKey {
        case type, data, encrypted
        case encryptedData = "encrypted_data"
    }
}
