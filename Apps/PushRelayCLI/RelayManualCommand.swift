import CLIKit
import PushRelay

/// `push-relay manual`: the manual page (roff) of push-relay, with every setting, for `man -l -`
/// and for the package's push-relay.1.
struct RelayManualCommand: Command {
    let name = "manual"
    let summary = "Print the manual page of push-relay (roff; read it with 'man -l -')."
    let environment: [String: String]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        _ = try invocation.positionals("no arguments", minimum: 0, maximum: 0)
        let variables = RelayConfiguration.environmentVariables.map { ManualPage.Variable($0.0, $0.1) }
        let page = ManualPage(root: PushRelayCommand(environment: environment), version: PushRelayApp.version, environment: variables)
        guard let text = page.text(command: nil) else { throw UsageError("no manual page") }
        invocation.console.print(String(text.dropLast()))
        return .success
    }
}
