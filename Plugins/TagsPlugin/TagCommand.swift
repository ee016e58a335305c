import AgentContract
import CLIKit
import HomePluginKit

/// `home tag scan ID`: tells the server this device scanned the tag ID (queued until delivered).
struct TagCommand: PluginCommand, CommandGroup {
    static let commandName = "tag"
    static let commandSummary = "Tags: 'tag scan ID' tells the server this device scanned tag ID, so tag automations fire."
    let webhook: any AgentWebhook
    var subcommands: [any Command] { [TagScanCommand(webhook: webhook)] }

}
