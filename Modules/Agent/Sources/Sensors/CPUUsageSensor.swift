import Essentials
import FoundationEssentials

/// CPU use as a percentage since the previous reading (the first reading: since boot), from the
/// `cpu` line of /proc/stat.
final class CPUUsageSensor: LinuxSensor, @unchecked Sendable {
    let definition = SensorDefinition(uniqueID: "cpu_use", name: "CPU use", deviceClass: nil, stateClass: "measurement", unit: "%", icon: "mdi:cpu-64-bit")
    // Guarded by `lock`: the previous (busy, total) jiffies.
    private var previous: (busy: Double, total: Double) = (0, 0)
    private let lock = Lock()

    func read(root: URL) -> JSONValue? {
        guard let line = text("proc/stat", root: root)?.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        let numbers = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard numbers.count >= 4 else { return nil }
        let total = numbers.reduce(0, +)
        let idle = numbers[3] + (numbers.count > 4 ? numbers[4] : 0)
        let (busy, span) = lock.withLock { () -> (Double, Double) in
            defer { previous = (total - idle, total) }
            return (total - idle - previous.busy, total - previous.total)
        }
        guard span > 0 else { return nil }
        return .double((busy / span * 1000).rounded() / 10)
    }
}
