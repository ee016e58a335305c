/// A commands-only plugin's manifest configuration: none, so any key is reported as unknown.
struct CommandsPluginConfiguration: Decodable, Sendable {}
