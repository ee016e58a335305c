import CLIKit

extension OptionSpec {
    /// `--server URL`, else `HOME_SERVER`.
    static let server = OptionSpec.value("server", "URL", help: "The Home Assistant URL (default: $HOME_SERVER).")
    /// `--token TOKEN`, else `HOME_TOKEN`: a long-lived access token until sign-in lands.
    static let token = OptionSpec.value("token", "TOKEN", help: "A long-lived access token (default: $HOME_TOKEN).")
}
