import Essentials

/// A binary sensor: door open, motion, occupancy, moisture, … by its device class.
public struct BinaryStateTrait: Sendable, Equatable {
    /// Nil while unavailable.
    public let isOn: Bool?
    public let deviceClass: String?

    var values: [String: JSONValue] { ["on": .from(isOn), "device_class": .from(deviceClass)] }
}
