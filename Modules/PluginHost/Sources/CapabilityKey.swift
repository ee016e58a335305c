/// A typed key for a capability: the registry hands out a `Value` for it.
///
/// Declare one per capability, next to the protocol it stands for:
/// `static let themeExporter = CapabilityKey<any ThemeExporting>(name: "design.theme-exporter")`.
public struct CapabilityKey<Value>: Sendable {
    /// The name and version the key stands for.
    public let id: CapabilityID

    /// Creates a key.
    public init(name: String, version: Int = 1) {
        id = CapabilityID(name: name, version: version)
    }
}
