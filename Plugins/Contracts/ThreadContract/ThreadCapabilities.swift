import PluginHost

/// The capability of the Thread contract.
public enum ThreadCapabilities {
    /// The stored Thread networks and sharing them with a server (``ThreadNetworkSharing``).
    public static let sharing = CapabilityKey<any ThreadNetworkSharing>(name: "thread.sharing")
}
