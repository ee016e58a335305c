import Essentials

/// The server's configuration, from `get_config`, `/api/config` and the `get_config` webhook.
public struct HAConfig: Codable, Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double
    public let elevation: Int
    public let unitSystem: UnitSystem
    public let locationName: String
    public let timeZone: String
    public let components: [String]
    public let configDir: String?
    public let whitelistExternalDirs: [String]?
    public let allowlistExternalDirs: [String]?
    public let allowlistExternalURLs: [String]?
    public let version: String
    public let configSource: String?
    public let recoveryMode: Bool?
    public let safeMode: Bool?
    public let state: String?
    public let externalURL: String?
    public let internalURL: String?
    public let currency: String?
    public let country: String?
    public let language: String?
    /// Only in the `get_config` webhook's answer: the theme colour of the mobile app.
    public let themeColor: String?
    /// Only in the `get_config` webhook's answer.
    public let cloudhookURL: String?
    /// Only in the `get_config` webhook's answer.
    public let remoteUIURL: String?
    /// Only in the `get_config` webhook's answer: entity id → settings of the device's entities.
    public let entities: [String: JSONValue]?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, elevation, components, version, state, currency, country, language, entities
        case unitSystem = "unit_system"
        case locationName = "location_name"
        case timeZone = "time_zone"
        case configDir = "config_dir"
        case whitelistExternalDirs = "whitelist_external_dirs"
        case allowlistExternalDirs = "allowlist_external_dirs"
        case allowlistExternalURLs = "allowlist_external_urls"
        case configSource = "config_source"
        case recoveryMode = "recovery_mode"
        case safeMode = "safe_mode"
        case externalURL = "external_url"
        case internalURL = "internal_url"
        case themeColor = "theme_color"
        case cloudhookURL = "cloudhook_url"
        case remoteUIURL = "remote_ui_url"
    }
}
