import FoundationEssentials

/// One notification in the history.
public struct NotificationRecord: Sendable, Equatable, Encodable {
    public let id: Int64
    public let receivedAt: Date
    public let title: String?
    public let message: String
    public let tag: String?
    public let group: String?
    public let urgency: NotificationUrgency
    /// Its buttons (`home notifications act ID ACTION` presses one).
    public let actions: [NotificationAction]
    /// When a `clear_notification` for its tag arrived.
    public let clearedAt: Date?
    /// The later notification with its tag, which replaced it.
    public let replacedBy: Int64?
}
