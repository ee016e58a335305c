import HomePluginKit
import PluginHost

/// Matter: reads and writes onboarding payloads (`home matter parse`); commissioning through Home
/// Assistant's Matter integration builds on it.
public enum MatterPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "matter", summary: "Matter setup codes: matter parse", requires: [], commands: [MatterCommand.self]
    ) { _ in
        [MatterCommand()]
    }
}
