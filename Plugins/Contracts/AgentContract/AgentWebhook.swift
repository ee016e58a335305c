import Essentials

/// This machine's mobile_app webhook as other plugins reach it: the value of
/// ``AgentCapabilities/webhook``. A call goes through the registration with `server` (nil: the
/// default server), registering this machine first when it is not yet.
public protocol AgentWebhook: Sendable {
    /// Sends `type` with `data` now and returns the server's answer (nil for an empty one), for
    /// calls whose answer is the point (`conversation_process`, `render_template`, `get_zones`).
    /// Not queued: a server that cannot be reached is an error.
    func call(_ type: String, _ data: JSONValue, server: String?) async throws -> JSONValue?

    /// Queues `type` with `data` durably and sends what is due (`scan_tag`, `fire_event`);
    /// returns "sent" or how many wait for the server.
    func queueAndSend(_ type: String, _ data: JSONValue, server: String?) async throws -> String
}
