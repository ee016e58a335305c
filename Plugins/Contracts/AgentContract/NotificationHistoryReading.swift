import Agent

/// The notifications the agent received from a server, newest first, as `home notifications`
/// and the window's settings page show them.
public protocol NotificationHistoryReading: Sendable {
    /// The last `limit` notifications from `server` (else the default server).
    func recent(server: String?, limit: Int) async throws -> [NotificationRecord]
}
