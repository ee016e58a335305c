/// What a control is to Home Assistant, with what its kind needs.
public enum ControlKind: Sendable, Equatable {
    /// Pressed (MQTT `button`).
    case button
    /// A number in a range (MQTT `number`), such as the volume.
    case number(minimum: Double, maximum: Double, step: Double, unit: String?)
    /// On or off (MQTT `switch`), such as mute.
    case toggle
    /// Read only (MQTT `sensor`), such as the title playing.
    case sensor

    /// The MQTT discovery component.
    public var component: String {
        switch self {
        case .button: "button"
        case .number: "number"
        case .toggle: "switch"
        case .sensor: "sensor"
        }
    }
}
