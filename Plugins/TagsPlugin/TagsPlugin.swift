import AgentContract
import HomePluginKit
import PluginHost

/// Tags, as a phone scans NFC tags: `home tag scan ID` sends `scan_tag` through the device's
/// webhook, so the server's tag automations fire, with this device as the scanner.
public enum TagsPlugin {
    /// How the compiled catalog describes and builds this plugin.
    public static let factory: any PluginFactory = CommandsPlugin.factory(
        id: "tags", summary: "Scan tags as a phone scans NFC tags (scan_tag): tag", requires: [AgentCapabilities.webhook.id], commands: [TagCommand.self]
    ) { context in
        [TagCommand(webhook: try context.resolve(AgentCapabilities.webhook))]
    }
}
