import Essentials

/// A cover (blind, window, garage door): its state, position and tilt in percent, and which of
/// open, close, stop, position and tilt it takes.
public struct CoverTrait: Sendable, Equatable {
    public let state: String
    public let position: Int?
    public let tilt: Int?
    public let deviceClass: String?
    public let canOpen: Bool
    public let canClose: Bool
    public let canStop: Bool
    public let canSetPosition: Bool
    public let canSetTilt: Bool

    var values: [String: JSONValue] {
        ["state": .string(state), "position": .from(position), "tilt": .from(tilt), "device_class": .from(deviceClass)]
    }
}
