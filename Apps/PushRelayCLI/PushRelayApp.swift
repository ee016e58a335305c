import CLIKit

/// The `push-relay` executable's entry.
public enum PushRelayApp {
    /// The version `push-relay --version` prints.
    public static let version = "0.1.0"

    /// Runs `arguments` (without the executable name) against `console`, with settings from `environment`.
    public static func run(_ arguments: [String], console: Console, environment: [String: String]) async -> ExitCode {
        await CommandLineTool(root: PushRelayCommand(environment: environment), version: version).run(arguments, console: console)
    }
}
