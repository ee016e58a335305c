import Agent

/// The notifications the agent received from a server, newest first, and their actions, as
/// `home notifications` and the window's settings page show and press them.
public protocol NotificationHistoryAccess: Sendable {
    /// The last `limit` notifications from `server` (else the default server).
    func recent(server: String?, limit: Int) async throws -> [NotificationRecord]

    /// Presses the action `action` of the notification `id` from `server` (else the default
    /// server), with `text` for a reply action, as its button would: the server gets
    /// `mobile_app_notification_action` through this device's webhook, queued until delivered.
    /// Returns `sent`, or how it waits; throws ``NotificationActionError`` for an unknown
    /// notification or action, or text a reply needs or another action does not take.
    func press(_ action: String, text: String?, notification id: Int64, server: String?) async throws -> String
}
