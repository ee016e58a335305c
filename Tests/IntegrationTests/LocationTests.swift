import Essentials
import Foundation
@testable import MQTTPlugin
import Networking
import XCTest

/// The location plugin's sources against the real Home Assistant: the device tracker shows the
/// machine in the zone the source says (GeoClue, through a stand-in on a private system bus; a
/// fixed place from the manifest), `home zones` lists the zones, and `home agent
/// --location-interval` keeps sending the place.
final class LocationTests: HomeProcessTestCase {
    /// A zone of the test's own, away from home, removed after the test.
    private func officeZone(_ server: IntegrationEnvironment) async throws -> String {
        let name = "Companion office \(UUID().uuidString.prefix(4).lowercased())"
        let created = try await AdminConnection(server: server).send("zone/create", [
            "name": .string(name), "latitude": .double(48.1374), "longitude": .double(11.5755), "radius": .integer(200),
        ])
        let id = try XCTUnwrap(created.objectValue?["id"]?.stringValue, "\(created)")
        addTeardownBlock { _ = try? await AdminConnection(server: server).send("zone/delete", ["zone_id": .string(id)]) }
        return name
    }

    private static func tracker(_ server: IntegrationEnvironment) async throws -> [String: Any] {
        let entity = "device_tracker." + ControlDiscovery.slug(DeviceInfoName.current)
        return try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/\(entity)")!, token: server.token).object()
    }

    func testTheTrackerShowsTheMachineInTheZoneGeoClueSays() async throws {
        let server = try IntegrationEnvironment.require()
        let office = try await officeZone(server)
        let standIn = try BusStandIn("tools/geoclue-standin.py", ["48.1375", "11.5756", "25"])
        keep(stopping: standIn.stop)
        let home = try signedIn(server)  // geoclue is the default source
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": standIn.bus.address]

        let (zonesStatus, zones) = try home.run(["zones"])
        XCTAssertEqual(zonesStatus, 0, zones)
        XCTAssertTrue(zones.contains("zone.home  HomeCompanion Test  52.52, 13.4  radius 100 m"), zones)
        XCTAssertTrue(zones.contains("\(office)  48.1374, 11.5755  radius 200 m"), zones)

        let (process, output) = try home.start(["agent", "location"], environment: environment)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("location 48.1375, 11.5756 (±25 m): sent"), text)
        let log = standIn.log(once: { $0 == "Stop" })
        XCTAssertEqual(Array(log.drop { $0 != "GetClient" }), [
            "GetClient", "DesktopId homecompanion", "RequestedAccuracyLevel 8", "Start", "LocationUpdated /org/freedesktop/GeoClue2/Location/1", "Stop",
        ])
        let tracker = try await Self.tracker(server)
        XCTAssertEqual(tracker["state"] as? String, office, "\(tracker)")
        XCTAssertEqual((tracker["attributes"] as? [String: Any])?["gps_accuracy"] as? Int, 25)
    }

    func testGeoClueThatRefusesOrStaysSilentIsAClearError() throws {
        let server = try IntegrationEnvironment.require()
        let refusing = try BusStandIn("tools/geoclue-standin.py", ["0", "0", "1", "refuse"])
        keep(stopping: refusing.stop)
        let home = try signedIn(server)
        let (process, output) = try home.start(["agent", "location"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": refusing.bus.address])
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0)
        XCTAssertTrue(text.contains("'homecompanion' disallowed"), text)
        XCTAssertTrue(text.contains("(org.freedesktop.DBus.Error.AccessDenied)"), text)

        let (unreachable, error) = try home.start(["agent", "location"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        unreachable.waitUntilExit()
        XCTAssertNotEqual(unreachable.terminationStatus, 0)
        XCTAssertTrue(said.contains("GeoClue cannot be reached on the system bus"), said)
    }

    func testAFixedPlaceIsSentAtStartAndAtTheInterval() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try signedIn(server, manifest: #"""
        {"schemaVersion": 1, "plugins": [{"id": "location", "configuration": {"source": "fixed", "latitude": 52.5201, "longitude": 13.4002, "accuracy": 10}}]}
        """#)
        let (agent, output) = try home.start(["agent", "--interval", "1", "--location-interval", "1"])
        keep(agent)
        let log = AgentLog(output)
        try await within(30, "two location reports") {
            while log.text.components(separatedBy: "location 52.5201, 13.4002 (±10 m) sent").count < 3 { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        let tracker = try await Self.tracker(server)
        XCTAssertEqual(tracker["state"] as? String, "home", "\(tracker)")
        XCTAssertEqual((tracker["attributes"] as? [String: Any])?["latitude"] as? Double, 52.5201)
        // The server asks for the place (request_location_update): the same source answers.
        try await log.wait(for: "listening for notifications", within: 30)
        let notify = URL(string: server.url + "/api/services/notify/mobile_app_\(ControlDiscovery.slug(DeviceInfoName.current))")!
        let asked = try await HTTPExchange.send("POST", notify, token: server.token, json: ["message": "request_location_update"])
        XCTAssertEqual(asked.status, 200)
        try await log.wait(for: "request_location_update: location 52.5201, 13.4002 (±10 m) sent", within: 20)
        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        XCTAssertEqual(agent.terminationStatus, 0, log.text)
    }
}
