import CLIKit

/// One `home thread` subcommand: its words, options and what it does.
struct ThreadAction: Command {
    let name: String
    let summary: String
    let arguments: String
    let options: [OptionSpec]
    let body: @Sendable (Invocation) async throws -> ExitCode

    func run(_ invocation: Invocation) async throws -> ExitCode {
        try await body(invocation)
    }
}
