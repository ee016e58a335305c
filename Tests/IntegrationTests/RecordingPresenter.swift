import Agent
import Foundation

/// Stands in for the desktop (there is none here): keeps what would have been shown.
final class RecordingPresenter: NotificationPresenter, @unchecked Sendable {
    private var shown: [PushNotification] = []
    private let lock = NSLock()

    func show(_ notification: ShownNotification) {
        lock.withLock { shown.append(notification.notification) }
    }

    var notifications: [PushNotification] { lock.withLock { shown } }
}
