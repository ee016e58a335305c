import AgentContract
import HomePluginKit
import PluginHost

/// The server's zones: `home zones` through the device's webhook (`get_zones`). Apart from the
/// location plugin, which contributes to the agent and so starts before it.
public enum ZonesPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "zones", summary: "The server's zones, where the device tracker places this machine: zones", requires: [AgentCapabilities.webhook.id],
        commands: [ZonesCommand.self]
    ) { context in
        [ZonesCommand(webhook: try context.resolve(AgentCapabilities.webhook))]
    }
}
