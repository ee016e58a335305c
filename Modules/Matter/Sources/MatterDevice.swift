/// A Matter device in Home Assistant's device registry (one with a `matter` identifier).
public struct MatterDevice: Sendable, Equatable {
    /// The registry's id for it.
    public let id: String
    /// Its name (the user's, else the device's own).
    public let name: String
    public let manufacturer: String?
    public let model: String?
    /// Its `matter` identifiers (`deviceid_FABRIC-NODE-MatterNodeDevice`, `serial_…`).
    public let identifiers: [String]
    /// Its entities' ids.
    public let entities: [String]
}
