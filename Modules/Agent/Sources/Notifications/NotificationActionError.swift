/// Why an action could not be pressed on a notification.
public enum NotificationActionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The history has no notification with this id.
    case unknownNotification(Int64)
    /// The notification has no such action; its actions are listed.
    case unknownAction(String, available: [String])
    /// A reply action pressed without text.
    case textRequired(String)
    /// Text given to an action that takes none.
    case textNotTaken(String)

    public var description: String {
        switch self {
        case .unknownNotification(let id): "no notification \(id) in the history ('home notifications' lists them)"
        case .unknownAction(let action, let available):
            available.isEmpty
                ? "the notification has no actions, so not '\(action)'"
                : "the notification has no action '\(action)' (it has \(available.joined(separator: ", ")))"
        case .textRequired(let action): "'\(action)' is a reply: give its text with --text"
        case .textNotTaken(let action): "'\(action)' takes no text"
        }
    }
}
