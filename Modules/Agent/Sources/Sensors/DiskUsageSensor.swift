import Essentials
import FoundationEssentials
import Glibc

/// Use of the file system at `mount`, as a percentage, from statvfs.
struct DiskUsageSensor: LinuxSensor {
    let mount: String

    var definition: SensorDefinition {
        let words = mount.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let id = words.isEmpty ? "root" : words.joined(separator: "_").lowercased()
        return SensorDefinition(uniqueID: "disk_use_\(id)", name: "Disk use \(mount)", deviceClass: nil, stateClass: "measurement", unit: "%", icon: "mdi:harddisk")
    }

    func read(root: URL) -> JSONValue? {
        var stats = statvfs()
        guard statvfs(root.appendingPathComponent(String(mount.drop { $0 == "/" })).path, &stats) == 0, stats.f_blocks > 0 else { return nil }
        let used = Double(stats.f_blocks - stats.f_bfree), usable = used + Double(stats.f_bavail)
        return .double((used / usable * 1000).rounded() / 10)
    }
}
