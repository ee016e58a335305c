import CLIKit
import PluginHost

/// The `commands` extension point: every `home` command but `--help`, `--version`, `plugins`
/// and `paths` is an entry a plugin contributes here.
public enum CommandPoint {
    /// The point's key; an out-of-tree plugin's entries become ``ForeignCommand``s.
    public static let commands = ExtensionPoint<any Command>(name: "commands") { ForeignCommand($0) }
}
