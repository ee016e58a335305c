import Agent
import HAModels

extension AgentSession {
    /// Registers if needed, queues the call durably, and sends what is due; returns how many calls went out.
    func queueAndSend(_ type: String, _ data: JSONValue) async throws -> Int {
        let (registration, _) = try await registrar.ensureRegistered()
        let queue = try WebhookQueue(folder: home.folders.data)
        try queue.enqueue(type, data)
        return try await queue.flush(through: try WebhookClient(server: home.server, registration: registration.response)) { _, _, _ in }
    }
}
