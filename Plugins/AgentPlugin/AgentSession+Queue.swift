import SessionCommandKit
import Agent
import Essentials

extension AgentSession {
    /// Queues the call durably first (nothing after can lose it), registers if needed, and sends
    /// what is due. Returns a line for the user: sent, or queued until the server can be reached.
    func queueAndSend(_ type: String, _ data: JSONValue) async throws -> String {
        let queue = try WebhookQueue(folder: home.folders.data)
        try queue.enqueue(type, data)
        let registration: AgentRegistration
        do {
            registration = try await registrar.registrationForSending().0
        } catch {
            throw AgentQueueError(reason: "\(error)", waiting: (try? queue.pendingCount()) ?? 1)
        }
        do {
            _ = try await queue.flush(through: try WebhookClient(server: home.address, registration: registration.response)) { _, _, _ in }
        } catch where MobileAppRegistrar.isUnreachable(error) {
            // Left in the queue; said below.
        }
        // A call behind one waiting for its retry waits too.
        let waiting = try queue.pendingCount()
        return waiting == 0 ? "sent" : "queued until \(home.server) can be reached (\(waiting) waiting)"
    }
}
