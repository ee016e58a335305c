/// What Home Assistant asks a control to do.
public enum ControlCommand: Sendable, Equatable, CustomStringConvertible {
    case press
    case set(Double)
    case turn(Bool)

    /// Reads a command payload for a control of `kind`; nil when it does not fit.
    public init?(payload: String, for kind: ControlKind) {
        let text = payload.trimmingWhitespace()
        switch kind {
        case .button:
            guard text == "PRESS" else { return nil }
            self = .press
        case .number(let minimum, let maximum, _, _):
            guard let value = Double(text), value.isFinite, (minimum...maximum).contains(value) else { return nil }
            self = .set(value)
        case .toggle:
            switch text {
            case "ON": self = .turn(true)
            case "OFF": self = .turn(false)
            default: return nil
            }
        case .sensor:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .press: "press"
        case .set(let value): "set \(ControlCommand.text(value))"
        case .turn(let on): on ? "on" : "off"
        }
    }

    /// A number as a payload or an environment value: `42` rather than `42.0`.
    public static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
