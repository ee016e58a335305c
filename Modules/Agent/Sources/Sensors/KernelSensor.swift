import Essentials
import FoundationEssentials

/// The running kernel's release, from /proc/sys/kernel/osrelease.
struct KernelSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "kernel", name: "Kernel", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:linux", entityCategory: "diagnostic")

    func read(root: URL) -> JSONValue? {
        text("proc/sys/kernel/osrelease", root: root).map(JSONValue.string)
    }
}
