import Agent
import Essentials

/// The notification channels of a running agent: every entry of `agent.notification-channels`,
/// opened for the registration with one handler.
enum AgentChannels {
    /// Opens the channels; returns what closes them again, in reverse.
    static func open(
        for registration: AgentRegistration, session: AgentSession, log: @escaping @Sendable (String) -> Void
    ) async throws -> @Sendable () async -> Void {
        let services = session.services
        let channels = services.context.contributions(to: AgentPoints.notificationChannels)
        guard !channels.isEmpty else {
            log("no notification channel plugin is enabled (such as push-channels); notifications are not received")
            return {}
        }
        let handler = services.notificationHandler(history: try NotificationHistory(folder: session.home.folders.data), session: session, log: log)
        var closers: [@Sendable () async -> Void] = []
        for channel in channels {
            closers.append(try await channel.value.open(registration, home: session.home, handler: handler, log: log))
        }
        let opened = closers
        return {
            for close in opened.reversed() { await close() }
        }
    }
}
