/// A command whose words, options and behaviour are values: for groups of small subcommands
/// that share their parent's helpers.
public struct ActionCommand: Command {
    public let name: String
    public let summary: String
    public let arguments: String
    public let options: [OptionSpec]
    private let body: @Sendable (Invocation) async throws -> ExitCode

    public init(name: String, summary: String, arguments: String, options: [OptionSpec], body: @escaping @Sendable (Invocation) async throws -> ExitCode) {
        self.name = name
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.body = body
    }

    public func run(_ invocation: Invocation) async throws -> ExitCode {
        try await body(invocation)
    }
}
