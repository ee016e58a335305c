import Agent
import CLIKit
import Essentials
import PluginHost

/// This machine's mobile_app webhook as other plugins' commands reach it: the `agent.webhook`
/// capability the agent plugin provides. A call goes through the registration of the server a
/// command names (`--server`), registering this machine first when it is not yet.
public struct AgentWebhook: Sendable {
    /// The capability's key.
    public static let key = CapabilityKey<AgentWebhook>(name: "agent.webhook")

    let services: AgentServices

    /// Sends `type` with `data` now and returns the server's answer (nil for an empty one), for
    /// calls whose answer is the point (`conversation_process`, `render_template`, `get_zones`).
    /// Not queued: a server that cannot be reached is an error.
    public func call(_ type: String, _ data: JSONValue, _ invocation: Invocation) async throws -> JSONValue? {
        let session = try await AgentSession(invocation, services: services)
        let registration = try await session.registrar.registrationForSending().0
        return try await WebhookClient(server: session.home.server, registration: registration.response).send(type, data)
    }

    /// Queues `type` with `data` durably and sends what is due (`scan_tag`, `fire_event`);
    /// returns "sent" or how many wait for the server.
    public func queueAndSend(_ type: String, _ data: JSONValue, _ invocation: Invocation) async throws -> String {
        try await AgentSession(invocation, services: services).queueAndSend(type, data)
    }
}
