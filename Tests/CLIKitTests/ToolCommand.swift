import CLIKit

/// A small command tree for testing dispatch: `tool greet [--loud] NAME`, `tool fail`.
struct ToolCommand: Command {
    let name = "tool"
    let summary = "A test tool."
    let subcommands: [any Command] = [GreetCommand(), FailCommand()]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("no command given")
    }
}
