/// A Home Assistant server found on the network: its service name, where it answered, and what
/// it announced.
public struct DiscoveredServer: Sendable, Equatable {
    /// The service's instance name (the server's location name as zeroconf carries it).
    public let name: String
    /// The host name it announced (`UUID.local`).
    public let host: String
    /// The address and port it resolved to.
    public let address: String
    /// The port it answered on.
    public let port: Int
    /// What its TXT record said.
    public let announcement: HomeAssistantAnnouncement

    /// Creates a found server.
    public init(name: String, host: String, address: String, port: Int, announcement: HomeAssistantAnnouncement) {
        self.name = name
        self.host = host
        self.address = address
        self.port = port
        self.announcement = announcement
    }

    /// The URL to sign in at: the internal URL it announced, else its base URL, else the address
    /// it answered on (on this network, the internal one is the one that works).
    public var url: String {
        if let inside = announcement.internalURL { return inside }
        if let base = announcement.baseURL { return base }
        let host = address.contains(":") ? "[\(address)]" : address
        return "http://\(host):\(port)"
    }

    /// What to call it: its location name, else the service name.
    public var title: String { announcement.locationName ?? name }
}
