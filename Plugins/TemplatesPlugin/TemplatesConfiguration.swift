/// The templates plugin's manifest configuration: none, so any key is reported as unknown.
struct TemplatesConfiguration: Decodable, Sendable {}
