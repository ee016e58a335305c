import AgentContract
import ConnectionContract
import CLIKit
import Essentials
import HomePluginKit
import SessionContract
import SessionCommandKit

/// `home assist TEXT [--language LANG] [--conversation-id ID] [--pipeline ID] [--json]`: says
/// TEXT to Home Assistant's conversation agent through the device's webhook, or with
/// `--pipeline` through an Assist pipeline over the WebSocket API (`preferred`: the server's),
/// and prints its answer; the conversation's id (standard error) keeps the context for the next
/// sentence.
struct AssistCommand: PluginCommand {
    static let commandName = "assist"
    static let commandSummary = "Say something to Home Assistant (Assist), such as 'turn on the kitchen lights', and print its answer."
    /// The longest sentence sent.
    static let maximumTextBytes = 4096
    let webhook: any AgentWebhook
    let session: any SessionAccess
    let connections: any ConnectionFactory
    let arguments = "TEXT …"
    let options: [OptionSpec] = [
        .value("language", "LANG", help: "The language of TEXT (default: the server's)."),
        .value("conversation-id", "ID", help: "Go on with this conversation (its id from an earlier answer)."),
        .value("pipeline", "ID", help: "Run an Assist pipeline over the WebSocket API ('preferred': the server's preferred one)."),
        .json, .server,
    ]

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let text = try invocation.positionals("what to say", minimum: 1, maximum: .max).joined(separator: " ")
        guard !text.trimmingSpaces().isEmpty, text.utf8.count <= Self.maximumTextBytes else {
            throw UsageError("say something of at most \(Self.maximumTextBytes) bytes")
        }
        let conversation = invocation.arguments.values["conversation-id"]
        let answer: JSONValue
        if let pipeline = invocation.arguments.values["pipeline"] {
            guard invocation.arguments.values["language"] == nil else { throw UsageError("a pipeline has its own language; --language goes without --pipeline") }
            let home = try await session.restore(server: invocation.server)
            answer = try await AssistPipelineRun(text: text, pipeline: pipeline == "preferred" ? nil : pipeline, conversationID: conversation).run(on: connections.connection(for: home))
        } else {
            var data: [String: JSONValue] = ["text": .string(text)]
            if let language = invocation.arguments.values["language"] { data["language"] = .string(language) }
            if let conversation { data["conversation_id"] = .string(conversation) }
            guard let answered = try await webhook.call("conversation_process", .object(data), server: invocation.server) else {
                throw AssistError(description: "the server gave no answer (is this device's integration still there? 'home agent register')")
            }
            answer = answered
        }
        let reply = AssistAnswer(answer)
        let console = invocation.console
        if invocation.arguments.has("json") {
            console.print(try JSONSerializer.string(answer, pretty: true))
        } else {
            console.print((reply.speech ?? "(no spoken answer)").terminalSafe)
            if let id = reply.conversationID?.terminalSafe { console.printError("conversation \(id) (go on with --conversation-id \(id))") }
        }
        return reply.failed ? .failure : .success
    }
}
