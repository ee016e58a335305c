import Essentials
import HomeAPI

/// One way notifications reach the agent (the local push channel, a push relay's stream), opened
/// for a registration once the daemon has one.
public protocol NotificationChannel: Sendable {
    /// Starts receiving for `registration` of `home`, handing every notification to `handler`;
    /// returns what stops receiving again.
    func open(
        _ registration: AgentRegistration, home: Home, handler: NotificationHandler, logger: Logger
    ) async throws -> @Sendable () async -> Void
}
