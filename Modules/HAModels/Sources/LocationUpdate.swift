/// The data of an `update_location` webhook.
public struct LocationUpdate: Codable, Sendable, Hashable {
    /// Latitude and longitude.
    public let gps: [Double]
    public let gpsAccuracy: Int
    public let battery: Int?
    public let speed: Int?
    public let altitude: Int?
    public let course: Int?
    public let verticalAccuracy: Int?
    public let locationName: String?

    enum CodingKeys: String, CodingKey {
        case gps, battery, speed, altitude, course
        case gpsAccuracy = "gps_accuracy"
        case verticalAccuracy = "vertical_accuracy"
        case locationName = "location_name"
    }
}
