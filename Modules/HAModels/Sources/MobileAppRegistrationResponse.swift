/// The server's answer to a registration: where to send webhooks and the encryption secret.
public struct MobileAppRegistrationResponse: Codable, Sendable, Hashable {
    /// The webhook this device sends through.
    public let webhookID: String
    /// The key webhooks are encrypted with (64 hex digits), when encryption was asked for.
    public let secret: String?
    /// The Home Assistant Cloud webhook URL, when the server has Cloud.
    public let cloudhookURL: String?
    /// The Home Assistant Cloud remote URL, when remote access is on.
    public let remoteUIURL: String?

    enum CodingKeys: String, CodingKey {
        case secret
        case webhookID = "webhook_id"
        case cloudhookURL = "cloudhook_url"
        case remoteUIURL = "remote_ui_url"
    }
}
