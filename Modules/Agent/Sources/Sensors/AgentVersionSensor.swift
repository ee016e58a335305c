import Foundation
import HAModels

/// The agent's own version.
struct AgentVersionSensor: LinuxSensor {
    let version: String
    let definition = SensorDefinition(uniqueID: "agent_version", name: "Agent version", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:information", entityCategory: "diagnostic")

    func read(root: URL) -> JSONValue? {
        .string(version)
    }
}
