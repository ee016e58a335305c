/// The exit codes every HomeCompanion command uses.
public enum ExitCode: Int32, Sendable {
    /// The command did what was asked.
    case success = 0
    /// The command ran and failed, or found problems it reports (such as manifest diagnostics).
    case failure = 1
    /// The command line was wrong: unknown command or option, missing or extra argument.
    case usage = 2
}
