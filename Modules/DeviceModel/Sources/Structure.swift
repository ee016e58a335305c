/// A home: one Home Assistant server, by its address, with the name its configuration gives.
public struct Structure: Sendable, Equatable, Codable {
    /// The server's URL, as signed in to.
    public let id: String
    /// The name its configuration gives (`location_name`).
    public let name: String
    /// The server's temperature unit (`°C` or `°F`), which thermostats use.
    public let temperatureUnit: String
}
