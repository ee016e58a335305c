/// Which app a push is for, as Home Assistant's notify platform sends it.
public struct PushRegistrationInfo: Codable, Sendable, Hashable {
    public let appID: String
    public let appVersion: String
    public let osVersion: String?
    public let webhookID: String?

    enum CodingKeys: String, CodingKey {
        case appID = "app_id"
        case appVersion = "app_version"
        case osVersion = "os_version"
        case webhookID = "webhook_id"
    }
}
