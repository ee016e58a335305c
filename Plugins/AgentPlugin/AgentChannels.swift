import Agent
import Essentials

/// The notification channels of a running agent: the local push channel over the WebSocket
/// connection, and the push relay's stream when the registration names a relay.
enum AgentChannels {
    /// Opens the channels; returns what closes them again.
    static func open(
        for registration: AgentRegistration, session: AgentSession, log: @escaping @Sendable (String) -> Void
    ) async throws -> @Sendable () async -> Void {
        let services = session.services
        let handler = services.notificationHandler(history: try NotificationHistory(folder: session.home.folders.data), session: session, log: log)
        let connection = services.connections.connection(for: session.home)
        await connection.start()
        let channel = LocalPushChannel(connection: connection, webhookID: registration.response.webhookID, handler: handler, log: log)
        let listening = Task {
            do {
                try await channel.run()
            } catch {
                log("the notification channel ended: \(error)")
            }
        }
        let relayListening = relayChannel(of: registration, handler: handler, log: log).map { relay in Task { await relay.run() } }
        return {
            await connection.stop()
            await listening.value
            relayListening?.cancel()
            await relayListening?.value
        }
    }

    /// The push relay's stream when the registration announces one (`--relay`), so notifications
    /// Home Assistant sends through the relay arrive too.
    private static func relayChannel(
        of registration: AgentRegistration, handler: NotificationHandler, log: @escaping @Sendable (String) -> Void
    ) -> RelayPushChannel? {
        guard case .string(let url)? = registration.request.appData?["push_url"], case .string(let token)? = registration.request.appData?["push_token"] else {
            return nil
        }
        guard let channel = RelayPushChannel(pushURL: url, token: token, handler: handler, log: log) else {
            log("the push_url \(url) is not a relay's /push/send; not listening on it")
            return nil
        }
        return channel
    }
}
