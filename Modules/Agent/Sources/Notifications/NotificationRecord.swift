import Foundation

/// One notification in the history.
public struct NotificationRecord: Sendable, Equatable, Encodable {
    public let id: Int64
    public let receivedAt: Date
    public let title: String?
    public let message: String
    public let tag: String?
    /// When a `clear_notification` for its tag arrived.
    public let clearedAt: Date?
}
