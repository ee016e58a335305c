/// What Home Assistant is told about a control.
public struct ControlDefinition: Sendable, Equatable {
    /// Unique on this machine: `lock_screen`, `volume`.
    public let id: String
    public let name: String
    public let kind: ControlKind
    public let icon: String?

    public init(id: String, name: String, kind: ControlKind, icon: String? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.icon = icon
    }
}
