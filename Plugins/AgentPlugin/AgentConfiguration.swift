/// The agent plugin's manifest configuration: none yet (the interval and relay are options of
/// `home agent`), so any key is reported as unknown.
struct AgentConfiguration: Decodable, Sendable {}
