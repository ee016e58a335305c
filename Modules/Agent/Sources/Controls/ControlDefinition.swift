/// What Home Assistant is told about a control.
public struct ControlDefinition: Sendable, Equatable {
    /// Unique on this machine: `lock_screen`, `volume`.
    public let id: String
    public let name: String
    public let kind: ControlKind
    public let icon: String?
    /// The device of its own it belongs to, if not the machine's.
    public let group: ControlGroup?

    public init(id: String, name: String, kind: ControlKind, icon: String? = nil, group: ControlGroup? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.icon = icon
        self.group = group
    }
}
