import Essentials
import FoundationEssentials

/// The agent's own version.
public struct AgentVersionSensor: LinuxSensor {
    let version: String
    public let definition = SensorDefinition(uniqueID: "agent_version", name: "Agent version", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:information", entityCategory: "diagnostic")

    public init(version: String) {
        self.version = version
    }

    public func read(root: URL) -> JSONValue? {
        .string(version)
    }
}
