import Essentials
import Foundation
import XCTest
@testable import Agent

/// The sensors read from a folder laid out like /proc and /sys; missing or odd files read as unavailable.
final class LinuxSensorTests: FakeRootTestCase {
    func testReadsProcAndSys() throws {
        try write("proc/loadavg", "0.42 0.30 0.20 1/123 4567\n")
        try write("proc/meminfo", "MemTotal:       8000000 kB\nMemFree:  100 kB\nMemAvailable:   6000000 kB\nSwapTotal: 1000 kB\nSwapFree: 750 kB\n")
        try write("proc/sys/kernel/osrelease", "6.1.0-18-amd64\n")
        try write("sys/class/power_supply/AC/type", "Mains\n")
        try write("sys/class/power_supply/BAT0/type", "Battery\n")
        try write("sys/class/power_supply/BAT0/capacity", "87\n")
        try write("proc/uptime", "3600.50 7000.00\n")
        try write("sys/class/power_supply/BAT0/status", "Discharging\n")
        try write("sys/class/net/lo/operstate", "unknown\n")
        try write("sys/class/net/eth0/operstate", "up\n")
        try write("etc/os-release", "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=Debian\n")
        XCTAssertEqual(LoadAverageSensor().read(root: root), .double(0.42))
        XCTAssertEqual(MemoryUsageSensor().read(root: root), .double(25))
        XCTAssertEqual(SwapUsageSensor().read(root: root), .double(25))
        XCTAssertEqual(KernelSensor().read(root: root), .string("6.1.0-18-amd64"))
        XCTAssertEqual(BatterySensor().read(root: root), .integer(87))
        XCTAssertEqual(BatteryStateSensor().read(root: root), .string("discharging"))
        XCTAssertEqual(NetworkLinkSensor().read(root: root), .string("connected"))
        XCTAssertEqual(DistributionSensor().read(root: root), .string("Debian GNU/Linux 12 (bookworm)"))
        XCTAssertEqual(UptimeSensor().read(root: root), .double(1))
        guard case .string(let boot)? = BootTimeSensor().read(root: root) else { return XCTFail("no boot time") }
        XCTAssertNotNil(HATimestamp.date(from: boot))
    }

    func testMissingOrMalformedFilesAreUnavailable() throws {
        try write("proc/loadavg", "garbage\n")
        try write("proc/meminfo", "MemTotal: 0 kB\n")
        try write("sys/class/power_supply/BAT0/type", "Battery\n")
        try write("sys/class/power_supply/BAT0/capacity", "n/a\n")
        XCTAssertNil(LoadAverageSensor().read(root: root))
        XCTAssertNil(MemoryUsageSensor().read(root: root))
        XCTAssertNil(SwapUsageSensor().read(root: root))
        XCTAssertNil(BatterySensor().read(root: root))
        XCTAssertNil(KernelSensor().read(root: root))
        XCTAssertNil(BootTimeSensor().read(root: root))
        XCTAssertNil(UptimeSensor().read(root: root))
        XCTAssertNil(BatteryStateSensor().read(root: root))
        XCTAssertNil(NetworkLinkSensor().read(root: root))
        XCTAssertNil(DistributionSensor().read(root: root))
        XCTAssertNil(DiskUsageSensor(mount: "/not-mounted-here").read(root: root))
    }

    func testOneDiskSensorPerRealFileSystem() throws {
        try write("proc/mounts", """
            /dev/sda1 / ext4 rw 0 0
            proc /proc proc rw 0 0
            tmpfs /run tmpfs rw 0 0
            /dev/sda2 /home ext4 rw 0 0
            /dev/sdb1 /mnt/my\\040data xfs rw 0 0
            /dev/sda2 /home ext4 rw 0 0
            garbage
            """)
        let ids = SensorCatalog.all(agentVersion: "1", root: root).map(\.definition.uniqueID).filter { $0.hasPrefix("disk_use_") }
        XCTAssertEqual(ids, ["disk_use_root", "disk_use_home", "disk_use_mnt_my_data"])
    }

    func testEverySensorHasAUniqueIDAndNoneIsEnabledByDefault() {
        let ids = SensorCatalog.all(agentVersion: "1").map(\.definition.uniqueID)
        XCTAssertEqual(Set(ids).count, ids.count)
        XCTAssertEqual(SensorSettings().enabled, [])
    }
}
