import Essentials
import FoundationEssentials

/// Memory in use as a percentage (total minus available), from /proc/meminfo.
struct MemoryUsageSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "memory_use", name: "Memory use", deviceClass: nil, stateClass: "measurement", unit: "%", icon: "mdi:memory")

    func read(root: URL) -> JSONValue? {
        let fields = keyedNumbers("proc/meminfo", root: root)
        guard let total = fields["MemTotal"], total > 0, let available = fields["MemAvailable"] else { return nil }
        return .double(((total - available) / total * 1000).rounded() / 10)
    }
}
