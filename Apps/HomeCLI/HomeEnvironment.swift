import CLIKit

/// The environment variables `home` reads, as `home --help` and the manual list them.
enum HomeEnvironment {
    static let variables: [ManualPage.Variable] = [
        .init("HOME_SERVER", "The server a command talks to when --server is not given (else the default server of 'home servers')."),
        .init("HOME_TOKEN", "A long-lived access token to use instead of the stored session (with --server or HOME_SERVER); --token-file FILE reads one from a file."),
        .init("HOME_CLIENT_ID", "The client id sessions are issued to, to tell this machine's sessions apart on the server (the manifest's session clientID wins)."),
        .init("HOME_RELAY_KEY", "The enrollment key of a push relay that asks for one, when --relay-key-file is not given."),
        .init("HOME_LOG_LEVEL", "How much is logged to standard error: debug, info, warning (the default) or error."),
        .init("NO_COLOR", "Any value turns colour off in what home prints."),
        .init("XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME", "Where configuration, data and caches live ('home paths' shows them)."),
    ]

    /// The variables as a `--help` section.
    static var helpSection: String {
        let width = variables.map(\.name.count).max() ?? 0
        return "ENVIRONMENT:\n" + variables.map { "  \($0.name.padded(to: width))  \($0.meaning)" }.joined(separator: "\n")
    }

    /// `--manifest FILE`, the option every command takes before its word.
    static let manifestOption = OptionSpec.value(
        "manifest", "FILE", help: "Load plugins from FILE instead of $XDG_CONFIG_HOME/home-companion/manifest.json; plugins it does not name keep their defaults."
    )
}
