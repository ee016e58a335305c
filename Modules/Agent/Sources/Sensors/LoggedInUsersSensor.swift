import Essentials
import FoundationEssentials

/// How many login sessions are open, counted from systemd-logind's sessions folder.
struct LoggedInUsersSensor: LinuxSensor {
    let definition = SensorDefinition(uniqueID: "sessions", name: "Login sessions", deviceClass: nil, stateClass: "measurement", unit: nil, icon: "mdi:account-multiple")

    func read(root: URL) -> JSONValue? {
        let folder = root.appendingPathComponent("run/systemd/sessions")
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return .integer(Int64(entries.filter { !$0.hasSuffix(".ref") }.count))
    }
}
