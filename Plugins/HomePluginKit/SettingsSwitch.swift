/// One thing a person turns on or off in the companion's settings: a control offered to Home
/// Assistant, a plugin in the manifest.
public struct SettingsSwitch: Sendable, Equatable {
    /// What the switch is known by to its section (`lock_screen`, `mqtt`).
    public let id: String
    /// What a person reads.
    public let name: String
    /// More about it, such as its state or the last command it got; empty when there is nothing.
    public let detail: String
    /// Whether it is on.
    public let isOn: Bool

    public init(id: String, name: String, detail: String = "", isOn: Bool) {
        self.id = id
        self.name = name
        self.detail = detail
        self.isOn = isOn
    }
}
