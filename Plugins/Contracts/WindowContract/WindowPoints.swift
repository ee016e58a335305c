import PluginHost

/// The extension point the window plugin reads.
public enum WindowPoints {
    /// What draws the window; the first entry is used. Only `home-window` has one (WebKitGTK),
    /// so `home` itself never links a toolkit.
    public static let frontends = ExtensionPoint<any WindowFrontend>(name: "window.frontends")
}
