import Foundation
import HAModels

/// Whether the first battery is charging, discharging or full, from /sys/class/power_supply.
struct BatteryStateSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "battery_state", name: "Battery state", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:battery-charging")

    func read(root: URL) -> JSONValue? {
        let folder = root.appendingPathComponent("sys/class/power_supply")
        let supplies = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for supply in supplies where text("sys/class/power_supply/\(supply)/type", root: root) == "Battery" {
            if let status = text("sys/class/power_supply/\(supply)/status", root: root), !status.isEmpty { return .string(status.lowercased()) }
        }
        return nil
    }
}
