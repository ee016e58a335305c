/// The server's units, from its configuration.
public struct UnitSystem: Codable, Sendable, Hashable {
    /// The unit of lengths (`km`).
    public let length: String
    /// The unit of rainfall (`mm`).
    public let accumulatedPrecipitation: String
    /// The unit of masses (`g`).
    public let mass: String
    /// The unit of pressures (`Pa`).
    public let pressure: String
    /// The unit of temperatures (`°C`).
    public let temperature: String
    /// The unit of volumes (`L`).
    public let volume: String
    /// The unit of wind speeds (`m/s`).
    public let windSpeed: String

    enum CodingKeys: String, CodingKey {
        case length, mass, pressure, temperature, volume
        case accumulatedPrecipitation = "accumulated_precipitation"
        case windSpeed = "wind_speed"
    }
}
