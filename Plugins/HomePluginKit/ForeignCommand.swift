import CLIKit
import Essentials
import PluginHost

/// A command an out-of-tree plugin contributes, run through its `invoke("commands/NAME")`.
///
/// The declaration's metadata may give `arguments` (the usage line after the options, `NAME`)
/// and `options` (`[{"name": "loud", "value": "LEVEL", "help": "…"}]`; no `value` makes a
/// flag). The request is
/// `{"arguments": [...], "options": {"loud": "2", "dry-run": true}}`; the answer
/// `{"output": "…", "error": "…", "exitCode": 0}`, every field optional.
public struct ForeignCommand: Command {
    public let name: String
    public let summary: String
    public let arguments: String
    public let options: [OptionSpec]
    private let contribution: ForeignContribution

    /// Wraps an out-of-tree plugin's command entry.
    public init(_ contribution: ForeignContribution) {
        let metadata = contribution.declaration.metadata
        self.contribution = contribution
        name = contribution.declaration.name
        summary = contribution.declaration.summary
        arguments = metadata["arguments"]?.stringValue ?? ""
        options = (metadata["options"]?.arrayValue ?? []).compactMap { option in
            guard let fields = option.objectValue, let name = fields["name"]?.stringValue, !name.isEmpty else { return nil }
            let help = fields["help"]?.stringValue ?? ""
            return fields["value"]?.stringValue.map { OptionSpec.value(name, $0, help: help) } ?? OptionSpec.flag(name, help: help)
        }
    }

    public func run(_ invocation: Invocation) async throws -> ExitCode {
        var given: [String: JSONValue] = invocation.arguments.values.mapValues { .string($0) }
        for flag in invocation.arguments.flags { given[flag] = .bool(true) }
        let request: JSONValue = .object(["arguments": .array(invocation.arguments.positionals.map { .string($0) }), "options": .object(given)])
        let answer = try contribution.invoke(request).objectValue ?? [:]
        if let output = answer["output"]?.stringValue { invocation.console.print(output) }
        if let error = answer["error"]?.stringValue { invocation.console.printError(error) }
        guard case .integer(let code)? = answer["exitCode"] else { return .success }
        return ExitCode(rawValue: Int32(clamping: code)) ?? .failure
    }
}
