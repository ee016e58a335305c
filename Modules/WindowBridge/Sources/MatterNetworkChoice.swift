/// The network a Matter device being commissioned joins, as a person chooses it.
public enum MatterNetworkChoice: Sendable, Equatable {
    /// The Thread network the server prefers (from the companion's store).
    case preferredThread
    /// A stored Thread network, by its store id.
    case thread(id: String)
    /// A Wi-Fi network.
    case wifi(ssid: String, password: String)
    /// None: the device is on the IP network already.
    case onNetwork
}
