/// What an automation may start from or check that belongs to the home rather than a device: the
/// time of day and the sun (the seed's time trait).
public enum StructureTrait: String, Sendable, CaseIterable, Codable {
    case time
    case sun
}
