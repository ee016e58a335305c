import Essentials

/// One sensor as the user chooses it: what it is, its value now, and whether it reports.
public struct SensorChoice: Sendable, Equatable {
    /// Its unique id (`cpu_load`).
    public let id: String
    /// Its name as Home Assistant shows it.
    public let name: String
    /// Whether it reports to the server.
    public let enabled: Bool
    /// Whether the server turned it off (the user may turn it on again).
    public let disabledByServer: Bool
    /// Its value now, or `"unavailable"`.
    public let state: JSONValue
    /// Its unit, if it has one.
    public let unit: String?

    /// Creates a choice.
    public init(id: String, name: String, enabled: Bool, disabledByServer: Bool, state: JSONValue, unit: String?) {
        self.id = id
        self.name = name
        self.enabled = enabled
        self.disabledByServer = disabledByServer
        self.state = state
        self.unit = unit
    }

    /// Its JSON form, as `home sensors --json` prints it.
    public var json: JSONValue {
        .object([
            "id": .string(id), "name": .string(name), "enabled": .bool(enabled), "disabledByServer": .bool(disabledByServer),
            "state": state, "unit": unit.map(JSONValue.string) ?? .null,
        ])
    }
}
