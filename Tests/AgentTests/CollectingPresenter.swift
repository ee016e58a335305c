import Agent
import Synchronization

/// A presenter that keeps the messages it was asked to show.
final class CollectingPresenter: NotificationPresenter {
    private let messages = Mutex<[String]>([])

    var shown: [String] { messages.withLock { $0 } }

    func show(_ shown: ShownNotification) {
        messages.withLock { $0.append(shown.notification.message) }
    }
}
