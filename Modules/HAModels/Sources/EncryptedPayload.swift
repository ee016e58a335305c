/// An encrypted webhook answer or push: `{"encrypted": true, "encrypted_data": "<base64>"}`.
public struct EncryptedPayload: Codable, Sendable, Hashable {
    public let encrypted: Bool
    public let encryptedData: String

    /// Creates a payload.
    public init(encryptedData: String) {
        encrypted = true
        self.encryptedData = encryptedData
    }

    enum CodingKeys: String, CodingKey {
        case encrypted
        case encryptedData = "encrypted_data"
    }
}
