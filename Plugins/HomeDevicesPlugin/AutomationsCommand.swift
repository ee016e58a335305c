import CLIKit
import DeviceModel
import DevicesContract
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home automations [--json]`: the home's automations; `show`, `create`, `enable`, `disable`,
/// `trigger`, `delete` manage them.
struct AutomationsCommand: PluginCommand {
    static let commandName = "automations"
    static let commandSummary = "List the home's automations; show, create (typed, validated), enable, disable, trigger, delete."
    let access: any DeviceModelAccess
    let options: [OptionSpec] = [.json, .server, .token]
    var subcommands: [any Command] {
        [AutomationListCommand(access: access), AutomationShowCommand(access: access), AutomationCreateCommand(access: access)]
            + AutomationChangeCommand.Change.allCases.map { AutomationChangeCommand(change: $0, access: access) }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        try await AutomationListCommand(access: access).run(invocation)
    }
}
