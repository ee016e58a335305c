import Essentials

/// How urgent a notification is, read from the fields Home Assistant's apps take:
/// `push.interruption-level` (iOS: passive, active, time-sensitive, critical), `priority` and
/// `importance` (Android: min, low, default, high, max).
public enum NotificationUrgency: String, Sendable, Equatable, Encodable {
    case low, normal, critical

    public init(data: [String: JSONValue]) {
        let level = data["push"]?.objectValue?["interruption-level"]
        let words = [level, data["priority"], data["importance"]].compactMap { value -> String? in
            if case .string(let text)? = value { return text.lowercased() }
            return nil
        }
        if words.contains(where: { ["critical", "time-sensitive", "high", "max"].contains($0) }) {
            self = .critical
        } else if words.contains(where: { ["passive", "low", "min"].contains($0) }) {
            self = .low
        } else {
            self = .normal
        }
    }

    /// The `urgency` hint of the freedesktop notification specification.
    public var freedesktopLevel: UInt8 {
        switch self {
        case .low: 0
        case .normal: 1
        case .critical: 2
        }
    }
}
