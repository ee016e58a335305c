/// Why an entity cannot be pinned to the tray, or unpinned.
public enum TrayPinError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAQuickAction(String)
    case full(Int)
    case notPinned(String)

    public var description: String {
        switch self {
        case .notAQuickAction(let entity):
            "\(entity) is not a quick action: pin a light, switch, fan, input_boolean, cover, script, scene, button or input_button"
        case .full(let capacity): "the tray holds \(capacity) pins; unpin one first"
        case .notPinned(let entity): "\(entity) is not pinned"
        }
    }
}
