import CLIKit
import HomePluginKit
import HomeAPI
import SessionCommandKit
import SessionContract

/// `home logout [--server URL]`: revokes the session and removes the server's data.
struct LogoutCommand: PluginCommand {
    static let commandName = "logout"
    static let commandSummary = "Sign out: revoke the session on the server and remove its tokens and data here."
    let session: any SessionAccess
    let options: [OptionSpec] = [.server, .json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments (the server is --server URL)", minimum: 0, maximum: 0)
        let home = try await session.restore(server: invocation.server, advice: "'home servers' lists the servers")
        let revoked = await home.disconnect()
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(["server": "\(home.server)", "revoked": revoked ? "yes" : "no"])
        } else {
            console.print("signed out of \(home.server); its tokens and data were removed from this machine")
        }
        if !revoked {
            console.printError("warning: the server could not be reached to revoke the session; revoke it in the server's profile page")
        }
        return .success
    }
}
