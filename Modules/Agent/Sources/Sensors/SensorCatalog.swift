import FoundationEssentials

/// Every sensor the agent can report. None reports until the user enables it.
public enum SensorCatalog {
    /// File systems whose use is worth reporting (not proc, sysfs, tmpfs, overlays, …).
    static let diskTypes: Set<String> = ["ext2", "ext3", "ext4", "xfs", "btrfs", "zfs", "f2fs", "vfat", "exfat", "ntfs", "ntfs3", "jfs", "reiserfs"]

    public static func all(agentVersion: String, root: URL = URL(fileURLWithPath: "/")) -> [any LinuxSensor] {
        let disks = (["/"] + mounts(root: root).filter { $0 != "/" }).map { DiskUsageSensor(mount: $0) }
        return [CPUUsageSensor(), LoadAverageSensor(), MemoryUsageSensor(), SwapUsageSensor()] + disks + [
            UptimeSensor(), BootTimeSensor(), BatterySensor(), BatteryStateSensor(), NetworkLinkSensor(), NetworkAddressSensor(),
            LoggedInUsersSensor(), KernelSensor(), DistributionSensor(), AgentVersionSensor(version: agentVersion),
        ]
    }

    /// The mount points of real file systems in /proc/mounts, in order, without repeats.
    static func mounts(root: URL) -> [String] {
        let text = (try? String(contentsOf: root.appendingPathComponent("proc/mounts"), encoding: .utf8)) ?? ""
        var seen: Set<String> = []
        return text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count >= 3, diskTypes.contains(String(fields[2])) else { return nil }
            // /proc/mounts escapes spaces and the like as octal (\040).
            let mount = String(fields[1]).replacing("\\040", with: " ")
            return seen.insert(mount).inserted ? mount : nil
        }
    }
}
