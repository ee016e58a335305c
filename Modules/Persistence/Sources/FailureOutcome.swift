import FoundationEssentials

/// What became of a message whose delivery failed.
public enum FailureOutcome: Sendable, Equatable {
    /// It will be offered again at this time.
    case retry(at: Date)
    /// It ran out of attempts and was moved to the dead letters.
    case deadLettered
    /// A newer payload had replaced it, or it was already acknowledged; nothing changed.
    case superseded
}
