import Essentials
import FoundationEssentials

/// The distribution's name and version (`PRETTY_NAME` of os-release).
struct DistributionSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "distribution", name: "Distribution", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:penguin", entityCategory: "diagnostic")

    func read(root: URL) -> JSONValue? {
        guard let text = text("etc/os-release", root: root) ?? text("usr/lib/os-release", root: root) else { return nil }
        let release = OSRelease(text)
        return .string(release.prettyName)
    }
}
