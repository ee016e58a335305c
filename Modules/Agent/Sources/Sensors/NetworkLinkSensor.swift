import Essentials
import FoundationEssentials

/// Whether a network link is up: `connected` when any interface but loopback reports `up` in
/// /sys/class/net, else `disconnected`.
struct NetworkLinkSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "network_link", name: "Network link", deviceClass: nil, stateClass: nil, unit: nil, icon: "mdi:lan-connect")

    func read(root: URL) -> JSONValue? {
        let folder = root.appendingPathComponent("sys/class/net")
        guard let interfaces = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        let up = interfaces.contains { $0 != "lo" && text("sys/class/net/\($0)/operstate", root: root) == "up" }
        return .string(up ? "connected" : "disconnected")
    }
}
