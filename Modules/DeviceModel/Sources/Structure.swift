/// A home: one Home Assistant server, by its address, with the name its configuration gives.
public struct Structure: Sendable, Equatable, Codable {
    public let id: String
    public let name: String
    /// The server's temperature unit (`°C` or `°F`), which thermostats use.
    public let temperatureUnit: String
}
