/// What an automation may start from or check that belongs to the home rather than a device: the
/// time of day and the sun (the seed's time trait).
public enum StructureTrait: String, Sendable, CaseIterable, Codable {
    /// Time starters and time-window conditions.
    case time
    /// Sunrise and sunset starters.
    case sun
}
