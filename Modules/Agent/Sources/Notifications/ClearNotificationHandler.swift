/// `clear_notification`: marks the history's notifications with the message's tag as cleared.
public struct ClearNotificationHandler: NotificationCommandHandler {
    let history: NotificationHistory

    /// Creates the handler over the history it clears.
    public init(history: NotificationHistory) {
        self.history = history
    }

    public func handle(_ notification: PushNotification) async throws -> NotificationHandling {
        guard let tag = notification.tag else { return .handled("clear_notification without a tag: nothing to clear") }
        return .handled("cleared \(try history.clear(tag: tag)) notification(s) tagged \(tag)")
    }
}
