import Essentials
import FoundationEssentials

/// The 1-minute load average, from /proc/loadavg.
struct LoadAverageSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "load_average_1m", name: "Load average (1 min)", deviceClass: nil, stateClass: "measurement", unit: nil, icon: "mdi:gauge")

    func read(root: URL) -> JSONValue? {
        guard let first = text("proc/loadavg", root: root)?.split(separator: " ").first, let load = Double(first) else { return nil }
        return .double(load)
    }
}
