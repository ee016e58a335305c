import CLIKit
import HomePluginKit
import HomeAPI
import SessionContract

/// `home login URL [--username NAME --password-stdin | --browser | --token-stdin]`.
struct LoginCommand: PluginCommand {
    static let commandName = "login"
    static let commandSummary = "Sign in to a Home Assistant server and keep the session (0600, under the configuration folder)."
    let session: any SessionAccess
    let arguments = "URL"
    let options: [OptionSpec] = SignInOptions.options + [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let server = try invocation.positionals("the server URL", minimum: 1, maximum: 1)[0]
        let home = try await session.client.signIn(to: server, using: try SignInOptions.method(invocation))
        try invocation.report(["signed in to \(home.server); it is now the default server"], json: ["server": .string("\(home.server)"), "default": .bool(true)])
        return .success
    }
}
