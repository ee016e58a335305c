import PluginHost

/// The capability of the devices contract.
public enum DevicesCapabilities {
    /// The live device model of a server (``DeviceModelAccess``).
    public static let model = CapabilityKey<any DeviceModelAccess>(name: "devices.model")
}
