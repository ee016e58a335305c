/// The zones plugin's manifest configuration: none, so any key is reported as unknown.
struct ZonesConfiguration: Decodable, Sendable {}
