import AgentPlugin
import HomePluginKit
import PluginHost

/// Tags, as a phone scans NFC tags: `home tag scan ID` sends `scan_tag` through the device's
/// webhook, so the server's tag automations fire, with this device as the scanner.
public final class TagsPlugin: Plugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = BuiltInPluginFactory(
        descriptor: PluginDescriptor(
            id: "tags", version: SemanticVersion(1, 0, 0),
            summary: "Scan tags as a phone scans NFC tags (scan_tag): tag",
            requires: [AgentWebhook.key.id], contributes: [TagCommand.declaration]
        ),
        configuration: TagsConfiguration.self
    ) { _ in
        TagsPlugin()
    }

    public func start(_ context: PluginContext) async throws {
        try context.contribute(command: TagCommand(webhook: try context.resolve(AgentWebhook.key)))
    }

    public func stop() async {}
}
