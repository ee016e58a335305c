/// Where a device can be found for commissioning: the QR code's discovery capabilities bitmask.
public struct DiscoveryCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    /// Creates the set of `rawValue`'s bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Its own Wi-Fi access point.
    public static let softAP = DiscoveryCapabilities(rawValue: 1 << 0)
    /// Bluetooth LE.
    public static let bluetooth = DiscoveryCapabilities(rawValue: 1 << 1)
    /// The IP network it is on already.
    public static let onNetwork = DiscoveryCapabilities(rawValue: 1 << 2)
    /// Wi-Fi public action frames.
    public static let wifiPAF = DiscoveryCapabilities(rawValue: 1 << 3)
    /// NFC.
    public static let nfc = DiscoveryCapabilities(rawValue: 1 << 4)

    /// The capabilities' names in `home matter parse`, in bit order (`bit N` for one not known).
    public var names: [String] {
        let known: [(DiscoveryCapabilities, String)] = [(.softAP, "SoftAP"), (.bluetooth, "BLE"), (.onNetwork, "on network"), (.wifiPAF, "Wi-Fi PAF"), (.nfc, "NFC")]
        var names = known.filter { contains($0.0) }.map(\.1)
        for bit in 5..<8 where rawValue & (1 << bit) != 0 { names.append("bit \(bit)") }
        return names
    }
}
