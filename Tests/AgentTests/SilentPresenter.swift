import Agent

/// A presenter that shows nothing, for tests that only need a handler.
struct SilentPresenter: NotificationPresenter {
    func show(_ shown: ShownNotification) {}
}
