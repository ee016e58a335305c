import CLIKit
import FoundationEssentials
import HomeAPI
import SessionCommandKit
import SessionContract

/// `home locale set TAG`: keeps the user's language on the server (for this run only when signed out).
struct LocaleSetCommand: Command {
    let name = "set"
    let summary = "Keep TAG (BCP-47, such as en-GB) as the user's language on the server."
    let arguments = "TAG"
    let options: [OptionSpec] = [.server, .json]
    let session: any SessionAccess

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let tag = try invocation.positionals("a TAG such as en-GB", minimum: 1, maximum: 1)[0]
        let home = try await session.stored(server: invocation.server)
        try await session.client.setLanguage(tag)
        let kept = home != nil
        if invocation.arguments.has("json") {
            try invocation.console.printJSON(LocaleChange(locale: tag, server: home.map { "\($0.server)" }, keptOnServer: kept))
        } else if let home {
            invocation.console.print("locale set to \(tag) for the user on \(home.server)")
        } else {
            invocation.console.print("locale set to \(tag) for this run only; sign in to keep it on the server")
        }
        return .success
    }
}
