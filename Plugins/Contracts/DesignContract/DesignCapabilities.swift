import PluginHost

/// The capabilities of the design contract.
public enum DesignCapabilities {
    /// The theme exporter with the manifest's colours (``ThemeExporting``).
    public static let themeExporter = CapabilityKey<any ThemeExporting>(name: "design.theme-exporter")
    /// The theme files written at start (``ThemeFileSet``).
    public static let themeFiles = CapabilityKey<any ThemeFileSet>(name: "design.theme-files")
}
