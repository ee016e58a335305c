/// The assist plugin's manifest configuration: none, so any key is reported as unknown.
struct AssistConfiguration: Decodable, Sendable {}
