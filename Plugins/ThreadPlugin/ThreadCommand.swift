import CLIKit
import Essentials
import FoundationEssentials
import HomePluginKit
import SessionContract
import Thread

/// `home thread …`: the Thread networks this machine knows, their sync with the server, new
/// networks, PSKc, border routers.
struct ThreadCommand: PluginCommand, CommandGroup {
    static let commandName = "thread"
    static let commandSummary = "Thread networks: list, show, import, share, prefer, delete, new, pskc, routers, border-agent, otbr."
    let services: ThreadServices
    let options: [OptionSpec] = []
    var subcommands: [any Command] { ThreadActions(services: services).all }

}
