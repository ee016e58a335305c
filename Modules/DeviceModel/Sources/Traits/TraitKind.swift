/// The kinds of trait a device can have; a command names one (`brightness.set`).
public enum TraitKind: String, CaseIterable, Sendable, Codable, Comparable {
    case onOff = "on_off"
    case brightness
    case color
    case thermostat
    case fan
    case cover
    case lock
    case mediaPlayback = "media"
    case sensor
    case binary
    case activatable

    public static func < (lhs: TraitKind, rhs: TraitKind) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
