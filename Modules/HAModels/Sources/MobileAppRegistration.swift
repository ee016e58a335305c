import Essentials

/// What the companion sends to `/api/mobile_app/registrations`, and the `update_registration` data.
public struct MobileAppRegistration: Codable, Sendable, Hashable {
    public var deviceID: String?
    public var appID: String?
    public var appName: String?
    public var appVersion: String
    public var deviceName: String
    public var manufacturer: String
    public var model: String
    public var osName: String?
    public var osVersion: String?
    public var supportsEncryption: Bool?
    /// Free-form app data; `push_url` and `push_token` enable the notify platform.
    public var appData: [String: JSONValue]?

    /// Creates a registration.
    public init(
        deviceID: String?, appID: String?, appName: String?, appVersion: String, deviceName: String, manufacturer: String,
        model: String, osName: String?, osVersion: String?, supportsEncryption: Bool?, appData: [String: JSONValue]?
    ) {
        self.deviceID = deviceID
        self.appID = appID
        self.appName = appName
        self.appVersion = appVersion
        self.deviceName = deviceName
        self.manufacturer = manufacturer
        self.model = model
        self.osName = osName
        self.osVersion = osVersion
        self.supportsEncryption = supportsEncryption
        self.appData = appData
    }

    enum CodingKeys: String, CodingKey {
        case manufacturer, model
        case deviceID = "device_id"
        case appID = "app_id"
        case appName = "app_name"
        case appVersion = "app_version"
        case deviceName = "device_name"
        case osName = "os_name"
        case osVersion = "os_version"
        case supportsEncryption = "supports_encryption"
        case appData = "app_data"
    }
}
