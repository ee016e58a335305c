import Essentials

/// What Home Assistant's mobile_app notify platform POSTs to a device's `push_url`.
///
/// A plain push has `message`, `title` and `data`; an encrypted one has `encrypted: true` and
/// `encrypted_data` instead.
public struct PushNotificationRequest: Codable, Sendable, Hashable {
    public let pushToken: String
    public let registrationInfo: PushRegistrationInfo
    public let message: String?
    public let title: String?
    public let data: [String: JSONValue]?
    public let encrypted: Bool?
    public let encryptedData: String?

    enum CodingKeys: String, CodingKey {
        case message, title, data, encrypted
        case pushToken = "push_token"
        case registrationInfo = "registration_info"
        case encryptedData = "encrypted_data"
    }
}
