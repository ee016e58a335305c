/// A Wi-Fi network a device can see.
public struct ImprovNetwork: Sendable, Equatable {
    public let ssid: String
    /// dBm, such as -60.
    public let rssi: Int
    /// How it is secured as the device says it: `YES`/`NO` (serial), or a type such as `WPA2` or `NO` (BLE).
    public let auth: String

    /// Whether it needs a password.
    public var secured: Bool { !["NO", "OPEN", ""].contains(auth.uppercased()) }
}
