import CLIKit
import HomePluginKit

/// `home matter …`: Matter devices and their setup codes.
struct MatterCommand: PluginCommand, CommandGroup {
    static let commandName = "matter"
    static let commandSummary = "Matter: parse a device's setup code (QR code text or manual pairing code)."
    let options: [OptionSpec] = []
    var subcommands: [any Command] { [MatterParseCommand()] }
}
