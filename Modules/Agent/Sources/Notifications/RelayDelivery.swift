/// What recording a relay's delivery did.
public enum RelayDelivery: Sendable, Equatable {
    /// The relay delivered this id before: nothing was recorded.
    case deliveredBefore
    /// Recorded; with the notification's id in the history when it is one to show.
    case recorded(Int64?)
}
