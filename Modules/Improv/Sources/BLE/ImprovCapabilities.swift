/// What a BLE Improv device can do beyond provisioning (its capabilities characteristic).
public struct ImprovCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let identify = ImprovCapabilities(rawValue: 1 << 0)
    public static let deviceInfo = ImprovCapabilities(rawValue: 1 << 1)
    public static let scanNetworks = ImprovCapabilities(rawValue: 1 << 2)
    public static let hostname = ImprovCapabilities(rawValue: 1 << 3)

    /// Their names, for people and JSON.
    public var names: [String] {
        [(Self.identify, "identify"), (.deviceInfo, "device info"), (.scanNetworks, "scan networks"), (.hostname, "hostname")]
            .filter { contains($0.0) }.map(\.1)
    }
}
