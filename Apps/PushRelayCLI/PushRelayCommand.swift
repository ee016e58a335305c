import CLIKit

/// `push-relay`: the standalone push relay's command line.
struct PushRelayCommand: Command {
    let name = "push-relay"
    let summary = "HomeCompanion push relay: forwards Home Assistant notifications to devices."
    let subcommands: [any Command]

    init(environment: [String: String]) {
        subcommands = [ServeCommand(environment: environment), ScheduleCommand(), RelayManualCommand(environment: environment)]
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("no command given; valid commands: \(subcommands.map(\.name).joined(separator: ", ")); see 'push-relay --help'")
    }
}
