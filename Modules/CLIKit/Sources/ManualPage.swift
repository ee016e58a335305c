/// A manual page (roff, `man 7 man`) for a command tree, written from the same specs as `--help`:
/// the synopsis, every command with its usage, summary and options, and the environment.
public struct ManualPage: Sendable {
    /// An environment variable the program reads, and what for.
    public struct Variable: Sendable {
        /// Its name.
        public let name: String
        /// What it does, one sentence or two.
        public let meaning: String

        /// A variable.
        public init(_ name: String, _ meaning: String) {
            self.name = name
            self.meaning = meaning
        }
    }

    let tree: CommandTree
    let version: String
    let globalOptions: [OptionSpec]
    let environment: [Variable]

    /// The page of the tree under `root`.
    public init(root: any Command, version: String, globalOptions: [OptionSpec] = [], environment: [Variable] = []) {
        tree = CommandTree(root: root)
        self.version = version
        self.globalOptions = globalOptions
        self.environment = environment
    }

    /// The page of the whole program, or, with `command` (such as `thread import`), of that
    /// command and those below it; nil when there is no such command.
    public func text(command: String? = nil) -> String? {
        let program = tree.nodes.first?.path.first ?? ""
        let nodes: [CommandTree.Node]
        let title: String
        if let command {
            let words = [program] + command.split(separator: " ").map(String.init)
            nodes = tree.nodes.filter { Array($0.path.prefix(words.count)) == words }
            guard !nodes.isEmpty else { return nil }
            title = words.joined(separator: "-")
        } else {
            nodes = tree.nodes
            title = program
        }
        guard let top = nodes.first else { return nil }
        var lines = [
            ".TH \(Self.escaped(title.uppercased())) 1 \"\" \"\(Self.escaped("\(program) \(version)"))\" \"User Commands\"",
            ".SH NAME",
            "\(Self.escaped(title)) \\- \(Self.escaped(top.command.summary))",
            ".SH SYNOPSIS",
            ".nf",
            Self.escaped(HelpFormatter(command: top.command, commandPath: top.commandPath).usageLine),
            ".fi",
        ]
        if command == nil, !globalOptions.isEmpty {
            lines.append(".SH OPTIONS")
            lines += globalOptions.flatMap(Self.item)
        }
        lines.append(".SH COMMANDS")
        for node in nodes where command != nil || node.path.count > 1 {
            lines.append(".SS \(Self.escaped(node.commandPath))")
            lines += [".nf", Self.escaped(HelpFormatter(command: node.command, commandPath: node.commandPath).usageLine), ".fi"]
            lines.append(Self.escaped(node.command.summary))
            lines += node.command.options.flatMap(Self.item)
            if !node.command.details.isEmpty {
                lines.append(".PP")
                lines += node.command.details.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ".PP" : Self.escaped(String($0)) }
            }
        }
        if command == nil, !environment.isEmpty {
            lines.append(".SH ENVIRONMENT")
            for variable in environment {
                lines += [".TP", ".B \(Self.escaped(variable.name))", Self.escaped(variable.meaning)]
            }
        }
        lines += [".SH EXIT STATUS", "0 on success, 1 when the command failed at run time, 2 for a command line that cannot run as written."]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func item(_ option: OptionSpec) -> [String] {
        [".TP", ".B \(escaped(option.written))", escaped(option.help + (option.isRequired ? " (required)" : ""))]
    }

    /// `text` safe on a roff line: backslashes and hyphens escaped, characters past ASCII as
    /// `\[uXXXX]` (so groff needs no input encoding), a leading dot or quote kept literal.
    static func escaped(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\e"
            case "-": body += "\\-"
            case _ where scalar.value > 127:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                body += "\\[u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "]"
            default: body.unicodeScalars.append(scalar)
            }
        }
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
