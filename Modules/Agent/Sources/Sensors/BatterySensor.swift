import Essentials
import FoundationEssentials

/// The first battery's charge, from /sys/class/power_supply; unavailable on machines without one.
struct BatterySensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "battery_level", name: "Battery level", deviceClass: "battery", stateClass: "measurement", unit: "%", icon: "mdi:battery")

    func read(root: URL) -> JSONValue? {
        firstBattery("capacity", root: root).flatMap { Int($0) }.map { .integer(Int64($0)) }
    }
}
