import HomeAPI
import PluginHost

/// The extension point the session plugin reads.
public enum SessionPoints {
    /// What a plugin keeps for a server beyond its folders, removed when the server is forgotten
    /// (`home logout`, or the server revoking access): ``ServerForgetting``.
    public static let serverForgetting = ExtensionPoint<any ServerForgetting>(name: "session.server-forgetting")
}
