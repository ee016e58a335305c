import Foundation
import HAModels

/// The first battery's charge, from /sys/class/power_supply; unavailable on machines without one.
struct BatterySensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "battery_level", name: "Battery level", deviceClass: "battery", stateClass: "measurement", unit: "%", icon: "mdi:battery")

    func read(root: URL) -> JSONValue? {
        let folder = root.appendingPathComponent("sys/class/power_supply")
        let supplies = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for supply in supplies where text("sys/class/power_supply/\(supply)/type", root: root) == "Battery" {
            if let level = text("sys/class/power_supply/\(supply)/capacity", root: root).flatMap(Int.init) { return .integer(Int64(level)) }
        }
        return nil
    }
}
