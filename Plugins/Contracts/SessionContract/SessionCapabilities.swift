import HomeAPI
import PluginHost

/// The capability and the extension point of the session contract.
public enum SessionCapabilities {
    /// The signed-in sessions (``SessionAccess``), which every plugin that talks to a server requires.
    public static let access = CapabilityKey<any SessionAccess>(name: "session.access")
    /// What a plugin keeps for a server beyond its folders, removed when the server is forgotten
    /// (`home logout`, or the server revoking access): ``ServerForgetting``.
    public static let serverForgetting = ExtensionPoint<any ServerForgetting>(name: "session.server-forgetting")
}
