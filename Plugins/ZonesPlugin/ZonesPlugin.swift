import AgentPlugin
import HomePluginKit
import PluginHost

/// The server's zones: `home zones` through the device's webhook (`get_zones`). Apart from the
/// location plugin, which contributes to the agent and so starts before it.
public final class ZonesPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "zones", version: SemanticVersion(1, 0, 0),
            summary: "The server's zones, where the device tracker places this machine: zones",
            requires: [AgentWebhook.key.id], contributes: [ZonesCommand.declaration]
        ),
        configuration: ZonesConfiguration.self
    ) { _ in
        ZonesPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(command: ZonesCommand(webhook: try context.resolve(AgentWebhook.key)))
    }

    public func stop() async {}
}
