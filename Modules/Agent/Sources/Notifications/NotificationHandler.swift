/// What the agent does with a notification however it arrived (the local push channel or the
/// push relay): keeps it in the history, logs and shows it, or runs the handler of a command
/// message instead.
public struct NotificationHandler: Sendable {
    let history: NotificationHistory
    let presenter: any NotificationPresenter
    let log: @Sendable (String) -> Void

    public init(history: NotificationHistory, presenter: any NotificationPresenter, log: @escaping @Sendable (String) -> Void) {
        self.history = history
        self.presenter = presenter
        self.log = log
    }

    func handle(_ notification: PushNotification) {
        do {
            if notification.isCommand {
                try run(command: notification)
            } else {
                try history.record(notification)
                log("notification: \(notification.title.map { "\($0): " } ?? "")\(notification.message)")
                presenter.show(notification)
            }
        } catch {
            log("could not keep a notification: \(error)")
        }
    }

    private func run(command notification: PushNotification) throws {
        switch notification.message {
        case "clear_notification":
            guard let tag = notification.tag else { return log("clear_notification without a tag: nothing to clear") }
            log("cleared \(try history.clear(tag: tag)) notification(s) tagged \(tag)")
        default:
            log("command \(notification.message): nothing to do on this machine")
        }
    }
}
