import CLIKit
import PluginHost

/// A top-level `home` command a plugin contributes: its word and summary are static, so the
/// plugin's descriptor can declare it and `home --help` can list it before anything starts.
public protocol PluginCommand: Command {
    /// The word that selects it: `states`.
    static var commandName: String { get }
    /// One line for `home --help`.
    static var commandSummary: String { get }
}

extension PluginCommand {
    public var name: String { Self.commandName }
    public var summary: String { Self.commandSummary }

    /// The descriptor's entry for this command under ``CommandPoint/commands``.
    public static var declaration: ContributionDeclaration {
        ContributionDeclaration(point: CommandPoint.commands.name, name: commandName, summary: commandSummary)
    }
}
