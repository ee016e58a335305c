import CLIKit
import HomeAPI
import SessionCommandKit
import SessionContract

/// `home servers default --server URL`: makes a server signed in to the default one (used when no
/// `--server` is given), as the window's settings page does.
struct ServersDefaultCommand: Command {
    let name = "default"
    let summary = "Make --server URL, signed in to already, the default server."
    let options: [OptionSpec] = [OptionSpec.server.required, .json]
    let session: any SessionAccess

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments (the server is --server URL)", minimum: 0, maximum: 0)
        guard let server = invocation.server else { throw UsageError("'servers default' needs --server URL") }
        try session.client.makeDefault(server: server)
        let chosen = try session.client.servers().first { $0.isDefault }?.server ?? server
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(["default": chosen])
        } else {
            invocation.console.print("\(chosen) is the default server")
        }
        return .success
    }
}
