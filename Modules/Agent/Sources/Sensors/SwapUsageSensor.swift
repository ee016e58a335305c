import Essentials
import FoundationEssentials

/// Swap in use as a percentage, from /proc/meminfo (0 without swap).
struct SwapUsageSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "swap_use", name: "Swap use", deviceClass: nil, stateClass: "measurement", unit: "%", icon: "mdi:harddisk")

    func read(root: URL) -> JSONValue? {
        let fields = keyedNumbers("proc/meminfo", root: root)
        guard let total = fields["SwapTotal"], let free = fields["SwapFree"] else { return nil }
        return .double(total == 0 ? 0 : ((total - free) / total * 1000).rounded() / 10)
    }
}
