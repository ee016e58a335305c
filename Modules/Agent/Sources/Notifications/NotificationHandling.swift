/// What a notification handler did with a notification.
public enum NotificationHandling: Sendable, Equatable {
    /// It acted; the line says what, for the agent's log. An ordinary message handled this way
    /// is kept in the history but not shown.
    case handled(String)
    /// Nothing to do here: an ordinary message goes on to be shown.
    case show
}
