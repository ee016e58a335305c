/// A command that only groups subcommands: run bare, it prints its help and succeeds.
public protocol CommandGroup: Command {}

extension CommandGroup {
    public func run(_ invocation: Invocation) async throws -> ExitCode {
        invocation.console.print(HelpFormatter(command: self, commandPath: invocation.commandPath).text)
        return .success
    }
}
