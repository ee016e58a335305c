import Essentials

/// Runs a command tree: dispatches subcommands, answers `--help` and `--version`, and maps
/// errors to the documented exit codes (0 ok, 1 failure, 2 usage).
public struct CommandLineTool: Sendable {
    /// The top command, named after the executable.
    public let root: any Command
    /// What `--version` prints after the name.
    public let version: String

    /// Creates a tool.
    public init(root: any Command, version: String) {
        self.root = root
        self.version = version
    }

    /// Runs `arguments` (without the executable's name) and returns the exit code.
    public func run(_ arguments: [String], console: Console) async -> ExitCode {
        if arguments.first == "--version" {
            console.print("\(root.name) \(version)")
            return .success
        }
        var command = root
        var path = root.name
        var remaining = arguments
        while let next = remaining.first, let subcommand = command.subcommands.first(where: { $0.name == next }) {
            command = subcommand
            path += " " + next
            remaining.removeFirst()
        }
        do {
            let parsed = try ParsedArguments(remaining, options: command.options, command: path)
            if parsed.has("help") {
                console.print(HelpFormatter(command: command, commandPath: path).text)
                return .success
            }
            // A command with subcommands takes no positionals of its own, so a stray word is a mistyped command.
            if !command.subcommands.isEmpty, let word = parsed.positionals.first {
                throw UsageError("unknown command '\(word)' for '\(path)'; valid commands: \(command.subcommands.map(\.name).joined(separator: ", "))")
            }
            return try await command.run(Invocation(arguments: parsed, console: console, commandPath: path))
        } catch let error as any CallerError {
            console.printError("error: \(error)")
            return .usage
        } catch {
            console.printError("error: \(error)")
            return .failure
        }
    }
}
