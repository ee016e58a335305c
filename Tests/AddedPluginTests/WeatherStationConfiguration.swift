/// Where the weather station stands.
struct WeatherStationConfiguration: Decodable, Sendable {
    let city: String
}
