/// Writes the `--help` text of a command.
struct HelpFormatter {
    let command: any Command
    let commandPath: String

    var text: String {
        var sections = ["USAGE: " + usageLine, command.summary]
        if !command.subcommands.isEmpty {
            let width = command.subcommands.map(\.name.count).max() ?? 0
            let lines = command.subcommands.map { "  \($0.name.padded(to: width))  \($0.summary)" }
            sections.append("COMMANDS:\n" + lines.joined(separator: "\n")
                + "\n\nRun '\(commandPath) COMMAND --help' for a command's options.")
        }
        let options = command.options.map { ($0.written, $0.help + ($0.isRequired ? " (required)" : "")) }
            + [("-h, --help", "Show this help.")]
        let width = options.map(\.0.count).max() ?? 0
        sections.append("OPTIONS:\n" + options.map { "  \($0.0.padded(to: width))  \($0.1)" }.joined(separator: "\n"))
        if !command.details.isEmpty { sections.append(command.details) }
        return sections.joined(separator: "\n\n")
    }

    /// The path, every required option as `--name VALUE` and the others as `[--name VALUE]`, the
    /// arguments, and `COMMAND` when there are subcommands (`| COMMAND` when the command also
    /// runs on its own).
    var usageLine: String {
        let own = (command.options.map { $0.isRequired ? $0.written : "[\($0.written)]" } + [command.arguments]).filter { !$0.isEmpty }
        let subcommands = command.subcommands.isEmpty ? [] : [own.isEmpty || command is any CommandGroup ? "COMMAND" : "| COMMAND"]
        return ([commandPath] + own + subcommands).joined(separator: " ")
    }
}
