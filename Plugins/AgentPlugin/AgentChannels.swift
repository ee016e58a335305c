import Agent
import AgentContract
import Essentials

/// What a running agent opens once registered: every entry of `agent.notification-channels`, with
/// one notification handler, then every entry of `agent.services`.
enum AgentChannels {
    /// Opens the channels and starts the services; returns what stops them again, in reverse.
    static func open(
        for registration: AgentRegistration, session: AgentSession, logger: Logger
    ) async throws -> @Sendable () async -> Void {
        let services = session.services
        let channels = services.context.contributions(to: AgentPoints.notificationChannels)
        var closers: [@Sendable () async -> Void] = []
        if channels.isEmpty {
            logger.info("no notification channel plugin is enabled (such as push-channels); notifications are not received")
        } else {
            let handler = services.notificationHandler(history: try NotificationHistory(folder: session.home.folders.data), session: session, logger: logger)
            for channel in channels {
                closers.append(try await channel.value.open(registration, home: session.home, handler: handler, logger: logger))
            }
        }
        for service in services.context.contributions(to: AgentPoints.services) {
            closers.append(try await service.value.start(registration, home: session.home, logger: logger))
        }
        let opened = closers
        let presenters = services.context.contributions(to: AgentPoints.notificationPresenters).map(\.value)
        return {
            for close in opened.reversed() { await close() }
            for presenter in presenters { await presenter.finishShowing() }
        }
    }
}
