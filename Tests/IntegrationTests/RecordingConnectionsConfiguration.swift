/// The recording connections take no configuration.
struct RecordingConnectionsConfiguration: Decodable, Sendable {}
