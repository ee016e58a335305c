import Agent
import PluginHost

/// One script in the manifest: `{"id": "backup", "command": ["/usr/local/bin/backup-status"],
/// "interval": 300, "timeout": 10, "sensors": [{"key": "age", "name": "Backup age", "unit": "h"}]}`.
/// `"mode": "stream"` runs it once and takes every line it prints as it prints it.
struct ScriptSpec: Decodable, Sendable {
    let id: String
    let command: [String]
    let streams: Bool
    let interval: Double
    let timeout: Double
    let sensors: [SensorDefinition]
    /// The key of each sensor in the script's output, by the sensor's unique id.
    let keys: [String: String]

    private enum CodingKeys: String, CodingKey {
        case id, command, mode, interval, timeout, sensors
    }

    private enum SensorKeys: String, CodingKey {
        case key, name, unit, icon
        case deviceClass = "device_class"
        case stateClass = "state_class"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        guard Self.isName(id) else { throw ConfigurationError(key: "scripts.id", reason: "'\(id)' is not 1 to 32 lower-case letters, digits and _") }
        command = try container.decode([String].self, forKey: .command)
        guard !command.isEmpty, !command[0].isEmpty else { throw ConfigurationError(key: "scripts.\(id).command", reason: "a command is an argument list, such as [\"/usr/local/bin/status\"]") }
        switch try container.decodeIfPresent(String.self, forKey: .mode) ?? "interval" {
        case "interval": streams = false
        case "stream": streams = true
        case let other: throw ConfigurationError(key: "scripts.\(id).mode", reason: "'\(other)' is not interval or stream")
        }
        interval = try container.decodeIfPresent(Double.self, forKey: .interval) ?? 60
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout) ?? 10
        guard (1...86_400).contains(interval), (0.1...300).contains(timeout) else {
            throw ConfigurationError(key: "scripts.\(id)", reason: "interval is 1 to 86400 s and timeout 0.1 to 300 s")
        }
        var sensorList = try container.nestedUnkeyedContainer(forKey: .sensors)
        var sensors: [SensorDefinition] = []
        var keys: [String: String] = [:]
        while !sensorList.isAtEnd {
            let sensor = try sensorList.nestedContainer(keyedBy: SensorKeys.self)
            let key = try sensor.decode(String.self, forKey: .key)
            guard Self.isName(key) else { throw ConfigurationError(key: "scripts.\(id).sensors.key", reason: "'\(key)' is not 1 to 32 lower-case letters, digits and _") }
            let uniqueID = "script_\(id)_\(key)"
            guard keys.updateValue(key, forKey: uniqueID) == nil else { throw ConfigurationError(key: "scripts.\(id).sensors", reason: "the key '\(key)' is used twice") }
            sensors.append(SensorDefinition(
                uniqueID: uniqueID, name: try sensor.decodeIfPresent(String.self, forKey: .name) ?? "\(id) \(key)",
                deviceClass: try sensor.decodeIfPresent(String.self, forKey: .deviceClass), stateClass: try sensor.decodeIfPresent(String.self, forKey: .stateClass),
                unit: try sensor.decodeIfPresent(String.self, forKey: .unit), icon: try sensor.decodeIfPresent(String.self, forKey: .icon) ?? "mdi:script-text"
            ))
        }
        guard !sensors.isEmpty else { throw ConfigurationError(key: "scripts.\(id).sensors", reason: "a script gives at least one sensor") }
        self.sensors = sensors
        self.keys = keys
    }

    private static func isName(_ text: String) -> Bool {
        (1...32).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }
    }
}
