import Essentials

/// The server's configuration, from `get_config`, `/api/config` and the `get_config` webhook.
public struct HAConfig: Codable, Sendable, Hashable {
    /// The home's latitude.
    public let latitude: Double
    /// The home's longitude.
    public let longitude: Double
    /// The home's elevation in metres.
    public let elevation: Int
    /// The units the server shows values in.
    public let unitSystem: UnitSystem
    /// The home's name.
    public let locationName: String
    /// The home's time zone (`Europe/Berlin`).
    public let timeZone: String
    /// The integrations and platforms loaded (`light`, `light.hue`).
    public let components: [String]
    /// The server's configuration folder (admins only).
    public let configDir: String?
    /// The folders integrations may read (the older name of `allowlistExternalDirs`).
    public let whitelistExternalDirs: [String]?
    /// The folders integrations may read.
    public let allowlistExternalDirs: [String]?
    /// The URLs integrations may fetch.
    public let allowlistExternalURLs: [String]?
    /// The server's version (`2024.3.3`).
    public let version: String
    /// Where the core configuration comes from (`storage` or `yaml`).
    public let configSource: String?
    /// Whether the server started in recovery mode.
    public let recoveryMode: Bool?
    /// Whether the server started in safe mode (custom integrations off).
    public let safeMode: Bool?
    /// `RUNNING`, `STARTING`, `STOPPING` or `NOT_RUNNING`.
    public let state: String?
    /// The URL from outside the home network, if set.
    public let externalURL: String?
    /// The URL on the home network, if set.
    public let internalURL: String?
    /// The home's currency (`EUR`).
    public let currency: String?
    /// The home's country (`DE`).
    public let country: String?
    /// The server's language (`en`).
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
