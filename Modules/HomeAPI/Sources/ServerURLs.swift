import Networking

/// The URLs one server is reached at and the Wi-Fi networks that are home: on a home network
/// the internal URL, elsewhere the external one. The server's own `internal_url` and
/// `external_url` (its configuration) are the defaults; the home networks are the user's to say.
/// Kept per server in `urls.json` beside its other data (``ServerURLs/load(from:)``).
public struct ServerURLs: Codable, Sendable, Equatable {
    /// The most home networks kept for one server.
    public static let maximumHomeNetworks = 16
    /// The longest SSID 802.11 allows, in bytes.
    public static let maximumSSIDLength = 32

    /// The URL used on a home network; nil: the URL signed in with.
    public var internalURL: ServerAddress?
    /// The URL used elsewhere; nil: the URL signed in with.
    public var externalURL: ServerAddress?
    /// The SSIDs of the home Wi-Fi networks, sorted.
    public private(set) var homeNetworks: [String]

    /// URLs for a server, none said yet.
    public init(internalURL: ServerAddress? = nil, externalURL: ServerAddress? = nil, homeNetworks: [String] = []) throws(HomeError) {
        self.internalURL = internalURL
        self.externalURL = externalURL
        self.homeNetworks = []
        for network in homeNetworks { try addHomeNetwork(network) }
    }

    /// Where the server `identity` (the URL signed in with) is reached on `networks` (the SSIDs
    /// this machine is on; nil when they cannot be read): the internal URL on a home network, the
    /// external one elsewhere, and `identity` when no home network is said, the networks are not
    /// known, or the URL for the place is not set.
    public func address(of identity: ServerAddress, on networks: Set<String>?) -> ServerAddress {
        guard !homeNetworks.isEmpty, let networks else { return identity }
        return (isHome(networks) ? internalURL : externalURL) ?? identity
    }

    /// Whether one of `networks` is a home network.
    public func isHome(_ networks: Set<String>) -> Bool {
        homeNetworks.contains(where: networks.contains)
    }

    /// Adds `ssid` to the home networks; refuses an empty or too long one, or one too many.
    public mutating func addHomeNetwork(_ ssid: String) throws(HomeError) {
        guard !ssid.isEmpty, ssid.utf8.count <= Self.maximumSSIDLength else {
            throw .invalidField("home_networks", "'\(ssid)' is not a Wi-Fi network name (1 to \(Self.maximumSSIDLength) bytes)")
        }
        guard !homeNetworks.contains(ssid) else { return }
        guard homeNetworks.count < Self.maximumHomeNetworks else {
            throw .invalidField("home_networks", "at most \(Self.maximumHomeNetworks) home networks are kept; remove one first")
        }
        homeNetworks = (homeNetworks + [ssid]).sorted()
    }

    /// Removes `ssid` from the home networks; returns whether it was one.
    @discardableResult
    public mutating func removeHomeNetwork(_ ssid: String) -> Bool {
        guard let index = homeNetworks.firstIndex(of: ssid) else { return false }
        homeNetworks.remove(at: index)
        return true
    }

    private enum CodingKeys: String, CodingKey {
        case internalURL = "internal_url", externalURL = "external_url", homeNetworks = "home_networks"
    }

    /// Reads the file's form, checking every URL and network as when they were set.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let internalText = try container.decodeIfPresent(String.self, forKey: .internalURL)
        let externalText = try container.decodeIfPresent(String.self, forKey: .externalURL)
        try self.init(
            internalURL: try internalText.map { try ServerAddress($0) }, externalURL: try externalText.map { try ServerAddress($0) },
            homeNetworks: try container.decodeIfPresent([String].self, forKey: .homeNetworks) ?? []
        )
    }

    /// Writes the file's form: URLs as text, the networks as a list.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(internalURL?.description, forKey: .internalURL)
        try container.encodeIfPresent(externalURL?.description, forKey: .externalURL)
        try container.encode(homeNetworks, forKey: .homeNetworks)
    }
}
