/// Where a device is in provisioning (Improv's current state).
public enum ImprovState: UInt8, Sendable, CaseIterable {
    /// BLE only: the user must press the device's button (or similar) first.
    case authorizationRequired = 0x01
    case authorized = 0x02
    case provisioning = 0x03
    case provisioned = 0x04

    public var words: String {
        switch self {
        case .authorizationRequired: "authorization required (press the button on the device)"
        case .authorized: "ready"
        case .provisioning: "connecting to Wi-Fi"
        case .provisioned: "provisioned"
        }
    }
}
