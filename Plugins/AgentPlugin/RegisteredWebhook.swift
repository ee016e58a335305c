import SessionCommandKit
import Agent
import AgentContract
import Essentials

/// The agent plugin's ``AgentWebhook``: calls through this machine's registration with a server.
struct RegisteredWebhook: AgentWebhook {
    let services: AgentServices

    func call(_ type: String, _ data: JSONValue, server: String?) async throws -> JSONValue? {
        let session = try await AgentSession(server: server, services: services)
        let registration = try await session.registrar.registrationForSending().0
        return try await WebhookClient(server: session.home.address, registration: registration.response).send(type, data)
    }

    func queueAndSend(_ type: String, _ data: JSONValue, server: String?) async throws -> String {
        try await AgentSession(server: server, services: services).queueAndSend(type, data)
    }
}
