/// A plugin configuration with no keys.
struct EmptyConfiguration: Decodable, Sendable {}
