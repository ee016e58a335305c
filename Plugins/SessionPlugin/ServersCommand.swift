import CLIKit
import HomePluginKit
import Essentials
import HomeAPI
import SessionContract

/// `home servers [--json]`: the servers with a stored session; `home servers default --server URL`
/// chooses the default.
struct ServersCommand: PluginCommand {
    static let commandName = "servers"
    static let commandSummary = "List the servers signed in to; the default one is marked with *. 'default --server URL' chooses it."
    let session: any SessionAccess
    let options: [OptionSpec] = [.json]
    let logger: Logger
    var subcommands: [any Command] { [ServersDefaultCommand(session: session), ServersURLsCommand(session: session), ServersDiscoverCommand(logger: logger)] }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let servers = try session.client.servers()
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(servers)
            return .success
        }
        guard !servers.isEmpty else {
            console.print("no servers; sign in with 'home login URL'")
            return .success
        }
        for server in servers {
            let expiry = server.accessTokenExpires.map { "access token until \(HATimestamp.string(from: $0))" } ?? "no expiry"
            console.print("\(server.isDefault ? "*" : " ") \(server.server)  \(server.kind), \(expiry)")
        }
        return .success
    }
}
