import Agent
import Essentials
import PluginHost

/// A notification handler an out-of-tree plugin contributes: the notification goes across as
/// `{"message": …, "title": …, "data": {…}}`; the answer is `{"handled": "…"}` or `{"show": true}`.
struct ForeignNotificationHandler: NotificationCommandHandler {
    private let contribution: ForeignContribution

    init(_ contribution: ForeignContribution) {
        self.contribution = contribution
    }

    func handle(_ notification: PushNotification) async throws -> NotificationHandling {
        let request: JSONValue = .object([
            "message": .string(notification.message), "title": notification.title.map(JSONValue.string) ?? .null,
            "data": .object(notification.data),
        ])
        let answer = try contribution.invoke(request).objectValue ?? [:]
        if let line = answer["handled"]?.stringValue { return .handled(line) }
        return .show
    }
}
