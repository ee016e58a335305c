import Essentials
import FoundationEssentials

/// A value of this machine that can be reported to Home Assistant, once the user enables it.
public protocol LinuxSensor: Sendable {
    var definition: SensorDefinition { get }
    /// The current value, read under `root`; nil when it cannot be read now (reported as `unavailable`).
    func read(root: URL) -> JSONValue?
}

extension LinuxSensor {
    /// The contents of `path` under `root`, trimmed; nil when missing.
    func text(_ path: String, root: URL) -> String? {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))?.trimmingWhitespace()
    }

    /// The contents of `file` in the first battery's folder under /sys/class/power_supply; nil without a battery.
    func firstBattery(_ file: String, root: URL) -> String? {
        let folder = root.appendingPathComponent("sys/class/power_supply")
        let supplies = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for supply in supplies where text("sys/class/power_supply/\(supply)/type", root: root) == "Battery" {
            if let value = text("sys/class/power_supply/\(supply)/\(file)", root: root), !value.isEmpty { return value }
        }
        return nil
    }

    /// `/proc/meminfo`-style `Key: value kB` lines.
    func keyedNumbers(_ path: String, root: URL) -> [String: Double] {
        var fields: [String: Double] = [:]
        for line in (text(path, root: root) ?? "").split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let number = Double(parts[1].split(separator: " ").first ?? "") else { continue }
            fields[String(parts[0])] = number
        }
        return fields
    }
}
