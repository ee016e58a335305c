import PluginHost

/// The `settings.switches` extension point: sections of on/off switches the window's settings
/// page shows, each entry named for its section (`controls`, `plugins`).
public enum SettingsPoint {
    /// The point's key.
    public static let switches = ExtensionPoint<any SettingsSwitches>(name: "settings.switches")
}
