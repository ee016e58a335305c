/// Acts on a notification the server sends: a command message (`clear_notification`,
/// `update_sensors`, `command_…`), or an ordinary message before it is shown.
public protocol NotificationCommandHandler: Sendable {
    /// Acts on `notification`; a thrown error is logged with the message's name.
    func handle(_ notification: PushNotification) async throws -> NotificationHandling
}
