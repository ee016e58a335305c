/// The server's units, from its configuration.
public struct UnitSystem: Codable, Sendable, Hashable {
    public let length: String
    public let accumulatedPrecipitation: String
    public let mass: String
    public let pressure: String
    public let temperature: String
    public let volume: String
    public let windSpeed: String

    enum CodingKeys: String, CodingKey {
        case length, mass, pressure, temperature, volume
        case accumulatedPrecipitation = "accumulated_precipitation"
        case windSpeed = "wind_speed"
    }
}
