/// What a Home Assistant server says about itself in the TXT record of its `_home-assistant._tcp`
/// zeroconf service, as Home Assistant's zeroconf integration writes it: `location_name`, `uuid`,
/// `version`, `internal_url`, `external_url`, `base_url` (the external URL, else the internal
/// one) and `requires_api_password`. Read strictly: at most ``maximumEntries`` entries of at most
/// 255 bytes each (a DNS TXT string's limit); an entry without `=` is a key with no value; a URL
/// that is not http(s) is dropped; a key given twice keeps its first value (RFC 6763, 6.4).
public struct HomeAssistantAnnouncement: Sendable, Equatable {
    /// The most TXT entries read.
    public static let maximumEntries = 64

    /// The server's name for its home (`location_name`).
    public let locationName: String?
    /// The server's installation id (`uuid`), the same on every interface.
    public let uuid: String?
    /// Home Assistant's version (`version`).
    public let version: String?
    /// The URL for the home network (`internal_url`), when configured.
    public let internalURL: String?
    /// The URL from anywhere (`external_url`), when configured.
    public let externalURL: String?
    /// The external URL, else the internal one (`base_url`, kept for older clients).
    public let baseURL: String?
    /// Whether the API needs authentication (always, since Home Assistant 0.77).
    public let requiresAPIPassword: Bool

    /// Reads the TXT record's entries, each `key=value` in bytes.
    public init(txt entries: [[UInt8]]) throws(AnnouncementError) {
        guard entries.count <= Self.maximumEntries else { throw .tooManyEntries(entries.count) }
        var values: [String: String] = [:]
        for entry in entries {
            guard entry.count <= 255 else { throw .entryTooLong(entry.count) }
            guard !entry.isEmpty else { continue }
            let equals = entry.firstIndex(of: UInt8(ascii: "=")) ?? entry.endIndex
            guard equals > 0 else { throw .emptyKey }
            guard let key = String(validating: entry[..<equals], as: UTF8.self), key.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw .invalidKey
            }
            let value = equals < entry.endIndex ? entry[(equals + 1)...] : []
            guard let text = String(validating: value, as: UTF8.self) else { throw .invalidValue(key) }
            if values[key.lowercased()] == nil { values[key.lowercased()] = text }
        }
        func text(_ key: String) -> String? { values[key].flatMap { $0.isEmpty ? nil : $0 } }
        func url(_ key: String) -> String? {
            guard let value = text(key), value.lowercased().hasPrefix("http://") || value.lowercased().hasPrefix("https://") else { return nil }
            return value
        }
        locationName = text("location_name")
        uuid = text("uuid")
        version = text("version")
        internalURL = url("internal_url")
        externalURL = url("external_url")
        baseURL = url("base_url")
        requiresAPIPassword = values["requires_api_password"]?.lowercased() != "false"
    }
}
