import PluginHost

/// The capability of the connection contract.
public enum ConnectionCapabilities {
    /// Connections to Home Assistant and entity stores over them (``ConnectionFactory``).
    public static let connections = CapabilityKey<any ConnectionFactory>(name: "ha.connections")
}
