import CLIKit
import FoundationEssentials
import HomeAPI
import HomePluginKit
import SessionCommandKit
import SessionContract

/// `home locale`: the user's language, persisted on the server for the session; `home locale set
/// TAG` changes it.
struct LocaleCommand: PluginCommand {
    static let commandName = "locale"
    static let commandSummary = "Show the language kept for the user on the server; 'set TAG' changes it (BCP-47, such as en-GB)."
    let session: any SessionAccess
    let options: [OptionSpec] = [.server, .json]
    var subcommands: [any Command] { [LocaleSetCommand(session: session)] }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let home = try await session.stored(server: invocation.server)
        let language = try await home?.persistedLanguage() ?? session.client.getLanguage()
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(["locale": language])
        } else {
            invocation.console.print(language ?? "not set")
        }
        return .success
    }
}
