import Essentials
import FoundationEssentials

/// When the machine booted (now minus /proc/uptime), as a timestamp.
struct BootTimeSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "boot_time", name: "Last boot", deviceClass: "timestamp", stateClass: nil, unit: nil, icon: "mdi:restart", entityCategory: "diagnostic")

    func read(root: URL) -> JSONValue? {
        guard let first = text("proc/uptime", root: root)?.split(separator: " ").first, let seconds = Double(first) else { return nil }
        // Whole seconds: the boot time does not wobble between reports.
        let boot = Date(timeIntervalSince1970: (Current.now().timeIntervalSince1970 - seconds).rounded())
        return .string(HATimestamp.string(from: boot))
    }
}
