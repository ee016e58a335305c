import Essentials

/// Where this machine is, as a location source reads it.
public struct LocationFix: Sendable, Equatable {
    /// Degrees, −90 to 90.
    public let latitude: Double
    /// Degrees, −180 to 180.
    public let longitude: Double
    /// Metres.
    public let accuracy: Double

    /// Creates a fix.
    public init(latitude: Double, longitude: Double, accuracy: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }

    /// The data of an `update_location` webhook call.
    public var webhookData: [String: JSONValue] {
        ["gps": .array([.double(latitude), .double(longitude)]), "gps_accuracy": .integer(Int64(accuracy.rounded()))]
    }
}
