/// The tags plugin's manifest configuration: none, so any key is reported as unknown.
struct TagsConfiguration: Decodable, Sendable {}
