import CLIKit
import HomePluginKit
import HomeAPI
import SessionContract

/// `home logout [SERVER]`: revokes the session and removes the server's data.
struct LogoutCommand: PluginCommand {
    static let commandName = "logout"
    static let commandSummary = "Sign out: revoke the session on the server and remove its tokens and data here."
    let session: any SessionAccess
    let arguments = "[SERVER]"

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let server = try invocation.positionals("", minimum: 0, maximum: 1).first
        let home = try await session.restore(server: server, advice: "'home servers' lists the servers")
        let revoked = await home.disconnect()
        let console = invocation.console
        console.print("signed out of \(home.server); its tokens and data were removed from this machine")
        if !revoked {
            console.printError("warning: the server could not be reached to revoke the session; revoke it in the server's profile page")
        }
        return .success
    }
}
