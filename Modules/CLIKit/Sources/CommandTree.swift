/// Every command under a root, each with the words that select it: what completions, manual
/// pages and the help test walk.
public struct CommandTree: Sendable {
    /// One command and the words before it (`home thread import`).
    public struct Node: Sendable {
        /// The words that select it, the root's name first.
        public let path: [String]
        /// The command.
        public let command: any Command

        /// The words joined by spaces.
        public var commandPath: String { path.joined(separator: " ") }
    }

    /// The root and every command below it, parents before their subcommands.
    public let nodes: [Node]

    /// The tree under `root`.
    public init(root: any Command) {
        var nodes: [Node] = []
        func visit(_ command: any Command, _ path: [String]) {
            nodes.append(Node(path: path, command: command))
            for subcommand in command.subcommands { visit(subcommand, path + [subcommand.name]) }
        }
        visit(root, [root.name])
        self.nodes = nodes
    }

    /// The help text of `node`, as `--help` prints it.
    public func help(of node: Node) -> String {
        HelpFormatter(command: node.command, commandPath: node.commandPath).text
    }
}
