import SessionCommandKit
import CLIKit
import HomePluginKit
import Foundation
import HomeAPI

/// `home locale [set TAG]`: the user's language, persisted on the server for the session.
struct LocaleCommand: PluginCommand {
    static let commandName = "locale"
    static let commandSummary = "Show the language kept for the user on the server, or set it with 'set TAG' (BCP-47, such as en-GB)."
    let arguments = "[set TAG]"
    let options: [OptionSpec] = [.server]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let words = try invocation.positionals("", minimum: 0, maximum: 2)
        let server = invocation.server
        let home = try await Home.restoreSession(server: StoredSessions.server(option: server))
        let console = invocation.console
        switch words.first {
        case nil:
            let locale = try await home?.persistedLocale() ?? Home.getLocale()
            console.print(locale?.identifier(.bcp47) ?? "not set")
        case "set":
            guard words.count == 2 else { throw UsageError("'home locale set' needs a TAG such as en-GB") }
            try await Home.setLocale(Locale(identifier: words[1]))
            if let home {
                console.print("locale set to \(words[1]) for the user on \(home.server)")
            } else {
                console.print("locale set to \(words[1]) for this run only; sign in to keep it on the server")
            }
        default:
            throw UsageError("unknown '\(words[0])'; use 'home locale' or 'home locale set TAG'")
        }
        return .success
    }
}
