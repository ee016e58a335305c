import Agent
import Essentials
import FoundationEssentials

/// One value of a script, as a sensor the agent reports once the user enables it.
struct ScriptSensor: LinuxSensor {
    let definition: SensorDefinition
    let key: String
    let runner: ScriptRunner

    func read(root: URL) -> JSONValue? {
        runner.value(key)
    }
}
