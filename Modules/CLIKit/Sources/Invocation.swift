/// Everything a command gets when it runs.
public struct Invocation: Sendable {
    /// Its parsed arguments.
    public let arguments: ParsedArguments
    /// Where it writes.
    public let console: Console
    /// The words that led to it, such as `home plugins check`, for messages.
    public let commandPath: String

    /// Creates an invocation.
    public init(arguments: ParsedArguments, console: Console, commandPath: String) {
        self.arguments = arguments
        self.console = console
        self.commandPath = commandPath
    }

    /// The positional arguments, checked to number between `minimum` and `maximum`.
    public func positionals(_ names: String, minimum: Int, maximum: Int) throws(UsageError) -> [String] {
        let given = arguments.positionals
        guard given.count >= minimum else {
            throw UsageError("'\(commandPath)' needs \(names); see '\(commandPath) --help'")
        }
        guard given.count <= maximum else {
            throw UsageError("'\(commandPath)' got unexpected argument '\(given[maximum])'; see '\(commandPath) --help'")
        }
        return given
    }
}
