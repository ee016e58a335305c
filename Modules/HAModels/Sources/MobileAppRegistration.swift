import Essentials

/// What the companion sends to `/api/mobile_app/registrations`, and the `update_registration` data.
public struct MobileAppRegistration: Codable, Sendable, Hashable {
    /// A stable id of this device (sent on registration only).
    public var deviceID: String?
    /// The app's id (sent on registration only).
    public var appID: String?
    /// The app's name (sent on registration only).
    public var appName: String?
    /// The app's version.
    public var appVersion: String
    /// The device's name, which names its entities.
    public var deviceName: String
    /// The device's maker.
    public var manufacturer: String
    /// The device's model.
    public var model: String
    /// The operating system's name (sent on registration only).
    public var osName: String?
    /// The operating system's version.
    public var osVersion: String?
    /// Whether webhooks may be encrypted (sent on registration only).
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
