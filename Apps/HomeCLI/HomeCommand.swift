import CLIKit

/// `home`: the companion's command line: the built-in commands and the one plugin command the
/// ``CommandDispatcher`` started for this run.
struct HomeCommand: Command {
    let name = "home"
    let summary = "HomeCompanion: a Home Assistant companion for Linux."
    let subcommands: [any Command]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("no command given; see 'home --help'")
    }
}
