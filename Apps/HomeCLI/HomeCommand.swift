import CLIKit

/// `home`: the companion's command line.
struct HomeCommand: Command {
    let name = "home"
    let summary = "HomeCompanion: a Home Assistant companion for Linux."
    let usage = "COMMAND [OPTIONS]"
    let subcommands: [any Command] = [
        LoginCommand(), LogoutCommand(), ServersCommand(), StatusCommand(), LocaleCommand(), PermissionsCommand(),
        StatesCommand(), WatchCommand(), CallCommand(), AgentCommand(), SensorsCommand(), NotificationsCommand(), PluginsCommand(), ThemeCommand(), PathsCommand(),
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("no command given; valid commands: \(subcommands.map(\.name).joined(separator: ", ")); see 'home --help'")
    }
}
