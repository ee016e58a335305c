import Essentials

/// `POST /push/send` as Home Assistant's mobile_app notify platform sends it.
public struct PushSendRequest: Sendable, Equatable {
    /// The push token the notification is for.
    public let pushToken: String
    /// The app the token belongs to, which picks the route (stream, APNs or FCM).
    public let appID: String
    /// The app's version, as Home Assistant reports it.
    public let appVersion: String
    /// The device's operating system version, if reported.
    public let osVersion: String?
    /// The webhook id of the registration, if Home Assistant sent it.
    public let webhookID: String?
    /// The notification: `message`, `title`, `data`; or `encrypted` with `encrypted_data`.
    public let notification: HomeAssistantNotification

    /// Parses and checks a body; every problem is a 400 that names the field.
    public init(body: [UInt8]) throws(RelayRequestError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw RelayRequestError(400, "the body is not valid JSON: \(error)")
        }
        guard let object = value.objectValue else { throw RelayRequestError(400, "the body must be a JSON object") }
        guard case .string(let token)? = object["push_token"] else { throw RelayRequestError(400, "push_token is missing or not a string") }
        try PushTokenRules.check(token)
        guard let registration = object["registration_info"]?.objectValue else {
            throw RelayRequestError(400, "registration_info is missing or not an object")
        }
        guard case .string(let appID)? = registration["app_id"], !appID.isEmpty else {
            throw RelayRequestError(400, "registration_info.app_id is missing or not a string")
        }
        guard case .string(let appVersion)? = registration["app_version"] else {
            throw RelayRequestError(400, "registration_info.app_version is missing or not a string")
        }
        pushToken = token
        self.appID = appID
        self.appVersion = appVersion
        osVersion = try Self.optionalString(registration, "os_version", in: "registration_info")
        webhookID = try Self.optionalString(registration, "webhook_id", in: "registration_info")
        notification = try HomeAssistantNotification(object)
    }

    static func optionalString(_ object: [String: JSONValue], _ key: String, in parent: String? = nil) throws(RelayRequestError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RelayRequestError(400, "\(parent.map { $0 + "." } ?? "")\(key) must be a string")
        }
    }
}
