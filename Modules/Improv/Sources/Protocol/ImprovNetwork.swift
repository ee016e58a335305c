/// A Wi-Fi network a device can see.
public struct ImprovNetwork: Sendable, Equatable {
    public let ssid: String
    /// dBm, such as -60.
    public let rssi: Int
    /// Whether it needs a password.
    public let secured: Bool
}
