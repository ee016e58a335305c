/// A commands-only plugin's manifest configuration: none, so any key is reported as unknown.
public struct CommandsPluginConfiguration: Decodable, Sendable {}
