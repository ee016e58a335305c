import CLIKit
import Essentials
import Foundation
import HomePluginKit
import SessionContract
import Thread

/// `home thread …`: the Thread networks this machine knows, their sync with the server, new
/// networks, PSKc, border routers.
struct ThreadCommand: PluginCommand {
    static let commandName = "thread"
    static let commandSummary = "Thread networks: list, show, import, share, prefer, delete, new, pskc, routers, border-agent, otbr."
    let services: ThreadServices
    let options: [OptionSpec] = []
    var subcommands: [any Command] { ThreadActions(services: services).all }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("'home thread' needs a command: \(subcommands.map(\.name).joined(separator: ", ")); see 'home thread --help'")
    }
}
