import Foundation
import XCTest
@testable import Agent

/// Reading the machine: os-release in its forms, DMI, and a device id that hides the machine id.
final class DeviceInfoTests: FakeRootTestCase {
    func testReadsOSReleaseDMIAndHostName() throws {
        try write("etc/os-release", "# comment\nNAME=\"Debian GNU/Linux\"\nVERSION_ID='12'\nID=debian\n")
        try write("etc/hostname", "kitchen-pc\n")
        try write("etc/machine-id", "0123456789abcdef0123456789abcdef\n")
        try write("sys/class/dmi/id/sys_vendor", "LENOVO\n")
        try write("sys/class/dmi/id/product_name", "ThinkPad X1\n")
        let device = DeviceInfo.read(appID: "io.homecompanion.linux", root: root)
        XCTAssertEqual(device.osName, "Debian GNU/Linux")
        XCTAssertEqual(device.osVersion, "12")
        XCTAssertEqual(device.deviceName, "kitchen-pc")
        XCTAssertEqual(device.manufacturer, "LENOVO")
        XCTAssertEqual(device.model, "ThinkPad X1")
        XCTAssertEqual(device.deviceID.count, 32)
        XCTAssertFalse(device.deviceID.contains("0123456789abcdef"), "the machine id itself never leaves")
        XCTAssertEqual(device.deviceID, DeviceInfo.read(appID: "io.homecompanion.linux", root: root).deviceID, "stable")
        XCTAssertNotEqual(device.deviceID, DeviceInfo.read(appID: "another.app", root: root).deviceID, "app specific")
    }

    func testMissingOrOddFilesFallBack() {
        let device = DeviceInfo.read(appID: "a", root: root)
        XCTAssertEqual(device.osName, "Linux")
        XCTAssertEqual(device.osVersion, "unknown")
        XCTAssertEqual(device.manufacturer, "Unknown")
        XCTAssertEqual(OSRelease("NAME=\"unterminated\nVERSION=bookworm\n=x\n").name, "\"unterminated")
        XCTAssertEqual(OSRelease("VERSION=\"12 (bookworm)\"").version, "12 (bookworm)")
    }
}
