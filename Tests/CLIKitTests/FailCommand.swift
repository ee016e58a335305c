import CLIKit

/// `tool fail`: always fails at run time.
struct FailCommand: Command {
    let name = "fail"
    let summary = "Fail."

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw ToolFailure()
    }
}
