import Essentials
import FoundationEssentials

/// Whether the first battery is charging, discharging or full, from /sys/class/power_supply.
struct BatteryStateSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "battery_state", name: "Battery state", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:battery-charging")

    func read(root: URL) -> JSONValue? {
        firstBattery("status", root: root).map { .string($0.lowercased()) }
    }
}
