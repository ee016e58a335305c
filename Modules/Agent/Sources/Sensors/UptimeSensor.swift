import Essentials
import FoundationEssentials

/// How long the machine has been up, in hours, from /proc/uptime.
struct UptimeSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "uptime", name: "Uptime", deviceClass: "duration", stateClass: "measurement", unit: "h", icon: "mdi:timer-outline")

    func read(root: URL) -> JSONValue? {
        guard let first = text("proc/uptime", root: root)?.split(separator: " ").first, let seconds = Double(first) else { return nil }
        return .double((seconds / 3600 * 100).rounded() / 100)
    }
}
