import CLIKit
import HomePluginKit

/// `home matter …`: Matter devices and their setup codes.
struct MatterCommand: PluginCommand, CommandGroup {
    static let commandName = "matter"
    static let commandSummary = "Matter: parse a setup code, commission a device into Home Assistant, add a shared one, list them."
    let options: [OptionSpec] = []
    let services: MatterServices
    var subcommands: [any Command] {
        [MatterParseCommand(), MatterCommissionCommand(services: services), MatterShareCommand(services: services), MatterDevicesCommand(services: services)]
    }
}
