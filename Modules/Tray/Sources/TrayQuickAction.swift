import HAModels

/// What a click on a pinned entity does: toggles what can be on or off (a light, a switch, a fan,
/// an input_boolean, a cover opens or closes), runs a script or a scene, presses a button.
/// Locks, alarms and the rest are not pinned: a stray click must not open a door.
public struct TrayQuickAction: Sendable, Equatable {
    /// The pinned entity.
    public let entity: String
    /// The service the click calls, `domain.service`, with `entity_id` as its data.
    public let domain: String
    /// The service of `domain` the click calls.
    public let service: String
    /// Whether the entry shows the entity's on/off state with a check mark.
    public let showsState: Bool

    /// The action for `entity`; nil for an entity id that is none.
    public init?(entity: String) {
        guard LinkTarget.isEntityID(entity), let domain = entity.split(separator: ".").first.map(String.init) else { return nil }
        self.entity = entity
        self.domain = domain
        switch domain {
        case "light", "switch", "fan", "input_boolean", "cover":
            service = "toggle"
            showsState = true
        case "script", "scene":
            service = "turn_on"
            showsState = false
        case "button", "input_button":
            service = "press"
            showsState = false
        default:
            return nil
        }
    }

    /// Whether `state` counts as on for the check mark.
    public static func isOn(_ state: String) -> Bool {
        ["on", "open", "opening"].contains(state)
    }
}
