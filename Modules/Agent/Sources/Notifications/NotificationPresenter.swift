/// Shows a notification to the person at the machine.
public protocol NotificationPresenter: Sendable {
    func show(_ shown: ShownNotification)
}
