/// The server's answer to a registration: where to send webhooks and the encryption secret.
public struct MobileAppRegistrationResponse: Codable, Sendable, Hashable {
    public let webhookID: String
    public let secret: String?
    public let cloudhookURL: String?
    public let remoteUIURL: String?

    enum CodingKeys: String, CodingKey {
        case secret
        case webhookID = "webhook_id"
        case cloudhookURL = "cloudhook_url"
        case remoteUIURL = "remote_ui_url"
    }
}
