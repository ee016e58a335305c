import AgentContract
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home template TEMPLATE [--variables JSON] [--json]`: renders TEMPLATE ('-': standard input)
/// on the server and prints the result; a template the server cannot render prints the
/// server's error on standard error, exit status 1.
struct TemplateCommand: PluginCommand {
    static let commandName = "template"
    static let commandSummary = "Render a template on the server, such as '{{ states(\"sun.sun\") }}' ('-' reads it from standard input)."
    /// The longest template sent.
    static let maximumTemplateBytes = 64 << 10
    let webhook: any AgentWebhook
    let arguments = "TEMPLATE"
    let options: [OptionSpec] = [
        .value("variables", "JSON", help: "Variables for the template, a JSON object such as '{\"room\": \"kitchen\"}'."), .json, .server,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        var template = try invocation.positionals("a TEMPLATE", minimum: 1, maximum: 1)[0]
        if template == "-" { template = try Self.standardInput(invocation.console) }
        guard !template.isEmpty, template.utf8.count <= Self.maximumTemplateBytes else {
            throw UsageError("a TEMPLATE is 1 byte to \(Self.maximumTemplateBytes / 1024) KiB")
        }
        var item: [String: JSONValue] = ["template": .string(template)]
        if let variables = invocation.arguments.values["variables"] {
            item["variables"] = try JSONArgument.object(variables, name: "--variables")
        }
        let answer = try await webhook.call("render_template", .object(["rendered": .object(item)]), server: invocation.server)
        guard let result = answer?.objectValue?["rendered"] else {
            throw TemplateError(description: "the server gave no result (is this device's integration still there? 'home agent register')")
        }
        let console = invocation.console
        if case .string(let error)? = result.objectValue?["error"], result.objectValue?.count == 1 {
            if invocation.arguments.has("json") { console.print(try JSONSerializer.string(result, pretty: true)) }
            console.printError("the server could not render the template: \(error)".terminalSafe)
            return .failure
        }
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(result, pretty: true))
        } else if case .string(let text) = result {
            console.print(text.terminalSafe)
        } else {
            // Home Assistant renders to a native type where the text reads as one (a number, a list).
            console.print(try JSONSerializer.string(result))
        }
        return .success
    }

    /// Standard input to its end, refused beyond ``maximumTemplateBytes``.
    private static func standardInput(_ console: Console) throws -> String {
        var lines: [String] = []
        var bytes = 0
        while let line = console.readLine() {
            bytes += line.utf8.count + 1
            guard bytes <= maximumTemplateBytes + 1 else { throw UsageError("standard input holds more than \(maximumTemplateBytes / 1024) KiB") }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
