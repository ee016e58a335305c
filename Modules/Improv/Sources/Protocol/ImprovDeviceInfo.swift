/// What a device says about itself.
public struct ImprovDeviceInfo: Sendable, Equatable {
    public let firmware: String
    public let version: String
    /// The chip family or hardware variant (ESP32, ESP8266, …).
    public let hardware: String
    public let name: String
    public let osName: String?
    public let osVersion: String?
}
