import Essentials

/// What matters of a conversation result: `response.speech.plain.speech`, whether the agent
/// failed (`response_type` `error`, or targets in `data.failed`), and the conversation's id.
struct AssistAnswer {
    let speech: String?
    let failed: Bool
    let conversationID: String?

    init(_ answer: JSONValue) {
        let response = answer.objectValue?["response"]?.objectValue
        if case .string(let text)? = response?["speech"]?.objectValue?["plain"]?.objectValue?["speech"] { speech = text } else { speech = nil }
        let failedTargets = response?["data"]?.objectValue?["failed"]?.arrayValue ?? []
        failed = response?["response_type"] == .string("error") || !failedTargets.isEmpty
        if case .string(let id)? = answer.objectValue?["conversation_id"] { conversationID = id } else { conversationID = nil }
    }
}
