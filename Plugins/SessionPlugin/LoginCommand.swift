import CLIKit
import Discovery
import Essentials
import HomePluginKit
import HomeAPI
import SessionContract

/// `home login [URL] [--username NAME --password-stdin | --browser | --token-stdin]`; without a URL,
/// the structure kept by `home permissions --hint URL` (``HomeClient/migrating(structureID:)``),
/// else the server that announces itself on the network (zeroconf, through Avahi).
struct LoginCommand: PluginCommand {
    static let commandName = "login"
    static let commandSummary = "Sign in to a Home Assistant server and keep the session (0600, under the configuration folder)."
    let session: any SessionAccess
    let arguments = "[URL]"
    let logger: Logger

    var details: String {
        """
        Without a URL, the server 'home permissions --hint URL' kept is used, else the Home Assistant server announcing itself on \
        this network (of several, you pick one at a terminal).
        """
    }
    let options: [OptionSpec] = SignInOptions.options + [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let given = try invocation.positionals("the server URL", minimum: 0, maximum: 1)
        let server: String
        if let url = given.first {
            server = url
        } else if let hinted = try session.client.structureHint() {
            invocation.console.printError("signing in to \(hinted), the server kept for this sign-in")
            server = hinted
        } else {
            server = try await DiscoveredServerChoice.url(invocation, browser: AvahiBrowser(logger: logger))
        }
        let home = try await session.client.signIn(to: server, using: try SignInOptions.method(invocation))
        try invocation.report(["signed in to \(home.server); it is now the default server"], json: ["server": .string("\(home.server)"), "default": .bool(true)])
        return .success
    }
}
