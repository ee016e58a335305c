import CLIKit

extension OptionSpec {
    /// `--server URL`, else `HOME_SERVER`, else the default server of the token store.
    public static let server = OptionSpec.value("server", "URL", help: "The server (default: $HOME_SERVER, else the one signed in to last).")
    /// `--token TOKEN`, else `HOME_TOKEN`: a long-lived access token instead of the stored session.
    public static let token = OptionSpec.value("token", "TOKEN", help: "Use this access token instead of the stored session (default: $HOME_TOKEN).")
}
