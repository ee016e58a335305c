import SessionCommandKit
import CLIKit
import HomePluginKit
import Essentials
import HomeAPI
import SessionContract

/// `home status [--json] [--server URL]`: the session and the connection, checked on the server.
struct StatusCommand: PluginCommand {
    static let commandName = "status"
    static let commandSummary = "Show the server, its version, the user, the token's expiry and the connection state."
    let session: any SessionAccess
    let options: [OptionSpec] = [.json, .server]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("", minimum: 0, maximum: 0)
        let server = invocation.server
        let home = try await session.restore(server: server)
        let status = try await home.status()
        let console = invocation.console
        if invocation.arguments.has("json") {
            try console.printJSON(status)
            return .success
        }
        console.print("server      \(status.server)")
        if status.address != status.server { console.print("reached at  \(status.address)") }
        console.print("version     \(status.version ?? "unknown")")
        console.print("user        \(status.user ?? "unknown")")
        console.print("token       \(status.kind)" + (status.accessTokenExpires.map { ", access token until \(HATimestamp.string(from: $0))" } ?? ""))
        console.print("connection  \(status.connection)")
        return status.version == nil ? .failure : .success
    }
}
