import CLIKit
import PluginHost

extension PluginContext {
    /// Contributes `command` to ``CommandPoint/commands`` under its declared word.
    public func contribute<Contributed: PluginCommand>(command: Contributed) throws {
        try contribute(CommandPoint.commands, name: Contributed.commandName, command)
    }
}
