import CLIKit

extension OptionSpec {
    /// `--server URL`, else `HOME_SERVER`, else the default server of the token store.
    public static let server = OptionSpec.value("server", "URL", help: "The server (default: $HOME_SERVER, else the default server of 'home servers').")
    /// `--token-file FILE` (or `-` for standard input), else `HOME_TOKEN`: a long-lived access token
    /// instead of the stored session, never on the command line.
    public static let token = OptionSpec.value(
        "token-file", "FILE", help: "Use the access token in FILE ('-': standard input) instead of the stored session (default: $HOME_TOKEN)."
    )
}
