import CLIKit
import PluginHost

/// `home --help`: the built-in commands and those the manifest's enabled plugins declare, each
/// with the plugin it comes from; nothing is started to write it.
struct RootHelp {
    let declarations: [ContributionDeclaration]
    let builtIns: [any Command]
    let plan: LoadPlan

    /// Every command word, plugin commands first.
    var commandNames: [String] { declarations.map(\.name) + builtIns.map(\.name) }

    var text: String {
        let owners = Dictionary(
            plan.startOrder.flatMap { planned in planned.descriptor.contributes.map { ($0.name, planned.descriptor.id) } }, uniquingKeysWith: { first, _ in first }
        )
        let rows = declarations.map { ($0.name, $0.summary, owners[$0.name] ?? "") } + builtIns.map { ($0.name, $0.summary, "built in") }
        let width = rows.map(\.0.count).max() ?? 0
        let commands = rows.map { "  \($0.0.padded(to: width))  \($0.1) (\($0.2))" }.joined(separator: "\n")
        let options = [
            (HomeEnvironment.manifestOption.written, HomeEnvironment.manifestOption.help), ("--version", "Print the version."), ("-h, --help", "Show this help."),
        ]
        let optionWidth = options.map(\.0.count).max() ?? 0
        return """
            USAGE: home [--manifest FILE] COMMAND [OPTIONS]

            HomeCompanion: a Home Assistant companion for Linux.

            COMMANDS:
            \(commands)

            OPTIONS:
            \(options.map { "  \($0.0.padded(to: optionWidth))  \($0.1)" }.joined(separator: "\n"))

            \(HomeEnvironment.helpSection)

            EXIT STATUS: 0 success, 1 a failure at run time, 2 a command line that cannot run as written.

            Run 'home COMMAND --help' for a command's options, 'home manual' for all of them. The commands come from the manifest's enabled plugins; 'home plugins' lists them.
            """
    }
}
