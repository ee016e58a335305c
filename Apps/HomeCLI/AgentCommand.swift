import CLIKit

/// `home agent`: this machine as a mobile_app device of the server.
struct AgentCommand: Command {
    let name = "agent"
    let summary = "Register this machine as a mobile_app device and talk to the server over its encrypted webhook."
    let usage = "COMMAND [OPTIONS]"
    let subcommands: [any Command] = [AgentRegisterCommand(), AgentConfigCommand(), AgentReportCommand()]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        throw UsageError("no command given; valid commands: \(subcommands.map(\.name).joined(separator: ", ")); see 'home agent --help'")
    }
}
