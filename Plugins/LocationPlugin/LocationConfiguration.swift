import PluginHost

/// The location plugin's manifest configuration: where this machine's location comes from.
/// `"source": "geoclue"` (the default) asks GeoClue on the system bus; `"source": "fixed"` is a
/// place set by hand (`latitude`, `longitude`, `accuracy` in metres, default 50), for a desktop
/// that does not move.
struct LocationConfiguration: Decodable, Sendable {
    let source: LocationSourceKind

    private enum CodingKeys: String, CodingKey {
        case source, latitude, longitude, accuracy
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decodeIfPresent(String.self, forKey: .source) ?? "geoclue"
        switch name {
        case "geoclue":
            source = .geoClue
        case "fixed":
            guard let latitude = try container.decodeIfPresent(Double.self, forKey: .latitude), (-90...90).contains(latitude) else {
                throw ConfigurationError(key: "latitude", reason: "a fixed source needs a latitude in -90…90 degrees")
            }
            guard let longitude = try container.decodeIfPresent(Double.self, forKey: .longitude), (-180...180).contains(longitude) else {
                throw ConfigurationError(key: "longitude", reason: "a fixed source needs a longitude in -180…180 degrees")
            }
            let accuracy = try container.decodeIfPresent(Double.self, forKey: .accuracy) ?? 50
            guard accuracy >= 0, accuracy <= 100_000 else { throw ConfigurationError(key: "accuracy", reason: "\(accuracy) is not 0 to 100000 metres") }
            source = .fixed(latitude: latitude, longitude: longitude, accuracy: accuracy)
        default:
            throw ConfigurationError(key: "source", reason: "'\(name)' is not a location source; use \"geoclue\" or \"fixed\"")
        }
    }
}
