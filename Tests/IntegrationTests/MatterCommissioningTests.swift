import Essentials
import Foundation
import XCTest

/// Commissioning through the real Home Assistant 2024.3.3 and its `matter` integration, connected
/// to the Matter Server stand-in: the light it commissions appears in Home Assistant and turns on
/// through it, the Thread dataset it receives is the store's preferred one byte for byte, and a
/// bad code never reaches the server; a code is read from a photo of the label too.
final class MatterCommissioningTests: HomeProcessTestCase {
    func testACodeCommissionsALightThatTurnsOnThroughTheMatterServer() async throws {
        let server = try IntegrationEnvironment.require()
        let matter = try MatterStandIn(server, absent: ["MT:M5L90MP500K64J00000"])
        addTeardownBlock { await matter.remove() }
        try await matter.addIntegration()
        let home = try signedIn(server)
        // A Thread network of the companion's, made the server's preferred one.
        XCTAssertEqual(try home.run(["thread", "new", "--channel", "25", "--name", "Matter Mesh"]).0, 0)
        let listed = try JSONParser.parse(try home.run(["thread", "list", "--json"]).1).arrayValue ?? []
        let network = try XCTUnwrap(listed.first { $0.objectValue?["network_name"]?.stringValue == "Matter Mesh" }?.objectValue?["id"]?.stringValue)
        XCTAssertEqual(try home.run(["thread", "prefer", network]).0, 0)

        // A bad code is refused here, naming what is wrong; the server never sees it.
        let (refused, refusal) = try home.run(["matter", "commission", "34970112331"])
        XCTAssertEqual(refused, 2, refusal)
        XCTAssertTrue(refusal.contains("check digit is wrong"), refusal)
        XCTAssertFalse(matter.log.contains("command commission_with_code"), matter.log.joined(separator: "\n"))

        let (status, output) = try home.run(["matter", "commission", "MT:Y.K9042C00KA0648G00"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("the Matter Server has the Thread network Matter Mesh"), output)
        XCTAssertTrue(output.contains("added Stand-in Light (HomeCompanion Labs Stand-in Light): light.stand_in_light"), output)
        XCTAssertTrue(matter.log.contains("commissioned 1 with MT:Y.K9042C00KA0648G00"), matter.log.joined(separator: "\n"))
        // The dataset the Matter Server got is the store's preferred network, byte for byte.
        let stored = try JSONParser.parse(try home.run(["thread", "list", "--json", "--show-secrets"]).1).arrayValue ?? []
        let preferred = try XCTUnwrap(stored.first { $0.objectValue?["id"]?.stringValue == network }?.objectValue?["tlv"]?.stringValue)
        XCTAssertTrue(matter.log.contains("thread dataset \(preferred.lowercased())"), "\(preferred): \(matter.log)")

        // Home Assistant lists it, and turns it on through the Matter Server.
        let devices = try JSONParser.parse(try home.run(["matter", "devices", "--json"]).1).arrayValue ?? []
        let device = try XCTUnwrap(devices.first?.objectValue, "\(devices)")
        XCTAssertEqual(device["manufacturer"], .string("HomeCompanion Labs"))
        XCTAssertTrue(device["identifiers"]?.arrayValue?.contains(.string("serial_HC-LIGHT-0001")) == true, "\(device)")
        let (turned, turnedOutput) = try home.run(["device", "light.stand_in_light", "on_off.on"])
        XCTAssertEqual(turned, 0, turnedOutput)
        XCTAssertTrue(matter.log.contains("device command On on 1"), matter.log.joined(separator: "\n"))
        let deadline = Date().addingTimeInterval(10)
        var state = ""
        while state != "on", Date() < deadline {
            state = (try? JSONParser.parse(try home.run(["states", "--json", "light.stand_in_light"]).1).arrayValue?.first?.objectValue?["state"]?.stringValue) ?? ""
            usleep(200_000)
        }
        XCTAssertEqual(state, "on", "the stand-in's attribute report reached Home Assistant")

        // A device that does not answer: said plainly.
        let (failed, failure) = try home.run(["matter", "commission", "MT:M5L90MP500K64J00000", "--thread", "none"])
        XCTAssertEqual(failed, 1, failure)
        XCTAssertTrue(failure.contains("the Matter Server could not commission the device: Commission with code failed for node 2: no device answered"), failure)
    }

    func testWiFiSharingAndAServerWithoutMatterAreSaidPlainly() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try signedIn(server)
        let (missing, missingOutput) = try home.run(["matter", "commission", "34970112332"])
        XCTAssertEqual(missing, 1, missingOutput)
        XCTAssertTrue(missingOutput.contains("the server has no Matter integration"), missingOutput)

        let matter = try MatterStandIn(server)
        addTeardownBlock { await matter.remove() }
        try await matter.addIntegration()
        // The code read from a photo of the label, as tools/qr-picture.py draws one.
        let picture = try XCTUnwrap(root).appendingPathComponent("label.png")
        let drawing = PeerLaunch.venvScript("tools/qr-picture.py", ["MT:Y.K9042C00KA0648G00", picture.path])
        try drawing.run()
        drawing.waitUntilExit()
        let (shared, sharedOutput) = try home.run(["matter", "commission", "--qr-image", picture.path, "--wifi", "Home Wi-Fi", "--password-stdin"], input: "correct horse")
        XCTAssertEqual(shared, 0, sharedOutput)
        XCTAssertTrue(matter.log.contains("commissioned 1 with MT:Y.K9042C00KA0648G00"), matter.log.joined(separator: "\n"))
        XCTAssertTrue(matter.log.contains("wifi Home Wi-Fi (13 characters)"), matter.log.joined(separator: "\n"))
        XCTAssertFalse(sharedOutput.contains("correct horse"), "the password is never printed")
        let (pinned, pinnedOutput) = try home.run(["matter", "share", "2020-2021", "--ip", "192.168.1.40", "--json"])
        XCTAssertEqual(pinned, 0, pinnedOutput)
        XCTAssertTrue(matter.log.contains("commissioned 2 with PIN at 192.168.1.40"), matter.log.joined(separator: "\n"))
        XCTAssertEqual(try JSONParser.parse(pinnedOutput.range(of: "\n{").map { String(pinnedOutput[$0.lowerBound...]) } ?? pinnedOutput).objectValue?["manufacturer"], .string("HomeCompanion Labs"))
        let (badPIN, badOutput) = try home.run(["matter", "share", "12345678"])
        XCTAssertEqual(badPIN, 2, badOutput)
    }
}
