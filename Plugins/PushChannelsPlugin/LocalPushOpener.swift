import Agent
import ConnectionContract
import Essentials
import HomeAPI

/// The local push channel: `mobile_app/push_notification_channel` over a WebSocket connection of
/// its own, for as long as the agent runs.
struct LocalPushOpener: NotificationChannel {
    let connections: any ConnectionFactory

    func open(
        _ registration: AgentRegistration, home: Home, handler: NotificationHandler, logger: Logger
    ) async throws -> @Sendable () async -> Void {
        let connection = connections.connection(for: home)
        await connection.start()
        let channel = LocalPushChannel(connection: connection, webhookID: registration.response.webhookID, handler: handler, logger: logger)
        let listening = Task {
            do {
                try await channel.run()
            } catch {
                logger.info("the notification channel ended: \(error)")
            }
        }
        return {
            await connection.stop()
            await listening.value
        }
    }
}
