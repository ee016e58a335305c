import PluginHost

/// The extension points of the window contract.
public enum WindowPoints {
    /// What draws the window; the first entry is used. Only `home-window` has one (WebKitGTK),
    /// so `home` itself never links a toolkit.
    public static let frontends = ExtensionPoint<any WindowFrontend>(name: "window.frontends")
    /// What opens the window or the browser for another plugin (a notification clicked, a link);
    /// the window plugin contributes the one that starts `home window`. A point rather than a
    /// capability, so a consumer starts without a window plugin (and says so when asked to open).
    public static let openers = ExtensionPoint<any WindowOpening>(name: "window.openers")
    /// What commissions Matter devices from the window; the first entry is used. The matter plugin
    /// contributes one; without it the frontend does not offer "Add Matter device".
    public static let matterCommissioners = ExtensionPoint<any MatterCommissioning>(name: "window.matter-commissioners")
}
