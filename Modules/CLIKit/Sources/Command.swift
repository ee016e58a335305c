/// A command or subcommand of a HomeCompanion executable.
public protocol Command: Sendable {
    /// The word that selects it: `plugins`.
    var name: String { get }
    /// One line for the parent's command list.
    var summary: String { get }
    /// The arguments after the options, for the usage line: `FILE`, `[PATTERN …]`. The options
    /// themselves are written from ``options``, so the usage line cannot drift from them.
    var arguments: String { get }
    /// The options it accepts, besides `--help`.
    var options: [OptionSpec] { get }
    /// Its subcommands, selected by the first argument; a command with subcommands takes no positionals.
    var subcommands: [any Command] { get }
    /// More text for `--help`, after the options (such as the environment variables read).
    var details: String { get }
    /// Runs the command itself; a command that only groups subcommands throws a usage error.
    func run(_ invocation: Invocation) async throws -> ExitCode
}

extension Command {
    public var arguments: String { "" }
    public var options: [OptionSpec] { [] }
    public var subcommands: [any Command] { [] }
    public var details: String { "" }
}
