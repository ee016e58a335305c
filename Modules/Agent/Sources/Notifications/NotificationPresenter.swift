/// Shows a notification to the person at the machine.
public protocol NotificationPresenter: Sendable {
    func show(_ shown: ShownNotification)
    /// Returns once what `show` started is done, so a stopping agent has shown (or said why it
    /// could not show) every notification it received before it says it stopped.
    func finishShowing() async
}

extension NotificationPresenter {
    public func finishShowing() async {}
}
