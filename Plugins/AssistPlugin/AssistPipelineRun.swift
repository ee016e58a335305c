import Essentials
import Networking

/// One `assist_pipeline/run` from text to intent over the WebSocket API: sent once (a reconnect
/// does not run it again), its `intent-end` event's `intent_output` is the answer, an `error`
/// event the pipeline's error; at most ``timeout`` seconds.
struct AssistPipelineRun {
    /// The longest wait for the pipeline's answer.
    static let timeout = 60.0

    let text: String
    /// The pipeline's id; nil for the server's preferred one.
    let pipeline: String?
    let conversationID: String?

    /// Runs it on `connection` (started and stopped here) and returns the conversation result.
    func run(on connection: HomeAssistantConnection) async throws -> JSONValue {
        var fields: [String: JSONValue] = [
            "start_stage": .string("intent"), "end_stage": .string("intent"), "input": .object(["text": .string(text)]),
        ]
        if let pipeline { fields["pipeline"] = .string(pipeline) }
        if let conversationID { fields["conversation_id"] = .string(conversationID) }
        await connection.start()
        let timer = Task {
            try await Current.sleep(Self.timeout)
            await connection.stop()
        }
        defer { timer.cancel() }
        do {
            for try await update in await connection.run("assist_pipeline/run", fields) {
                guard case .events(let events) = update else { continue }
                for event in events {
                    if let answer = try Self.answer(in: event) {
                        await connection.stop()
                        return answer
                    }
                }
            }
        } catch {
            await connection.stop()
            throw error
        }
        await connection.stop()
        throw AssistError(description: "the pipeline gave no answer within \(Int(Self.timeout)) s")
    }

    /// The answer an event carries: `intent-end`'s `intent_output`; an `error` event throws.
    static func answer(in event: JSONValue) throws -> JSONValue? {
        let object = event.objectValue
        switch object?["type"]?.stringValue {
        case "intent-end":
            guard let output = object?["data"]?.objectValue?["intent_output"] else {
                throw AssistError(description: "the pipeline's intent-end carried no intent_output")
            }
            return output
        case "error":
            let data = object?["data"]?.objectValue
            throw AssistError(description: "the pipeline failed: \(data?["message"]?.stringValue ?? "no message") (\(data?["code"]?.stringValue ?? "no code"))")
        case "run-end":
            throw AssistError(description: "the pipeline ended without an intent")
        default:
            return nil
        }
    }
}
