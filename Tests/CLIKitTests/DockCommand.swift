import CLIKit

/// `ship dock [--json]`.
struct DockCommand: Command {
    let name = "dock"
    let summary = "Tie up at the quay."
    let options: [OptionSpec] = [.json]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        invocation.console.print("docked")
        return .success
    }
}
