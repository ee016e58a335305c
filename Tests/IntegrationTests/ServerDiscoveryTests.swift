import Essentials
import Foundation
import XCTest

/// Servers found on the network: tools/avahi-standin.py is Avahi on a private system bus,
/// announcing the real test server with the TXT record Home Assistant 2024.3.3's zeroconf code
/// builds for it (its location name, uuid and version). `home servers discover` lists it, and
/// `home login` without a URL signs in to it.
final class ServerDiscoveryTests: HomeProcessTestCase {
    private func home(_ avahi: BusStandIn, root: URL) -> HomeProcess {
        HomeProcess(root: root, environment: ["DBUS_SYSTEM_BUS_ADDRESS": avahi.bus.address])
    }

    func testADiscoveredServerIsSignedInToWithoutTypingItsURL() async throws {
        let server = try IntegrationEnvironment.require()
        let avahi = try BusStandIn("tools/avahi-standin.py", [try await AvahiAnnouncement.json(server)])
        keep(stopping: avahi.stop)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let home = home(avahi, root: root)
        let (listed, json) = try home.run(["servers", "discover", "--json"])
        XCTAssertEqual(listed, 0, json)
        let found = try XCTUnwrap(try JSONParser.parse(json).arrayValue?.first?.objectValue, json)
        XCTAssertEqual(found["url"], .string(server.url))
        XCTAssertEqual(found["version"], .string("2024.3.3"))
        XCTAssertEqual(found["name"], .string("HomeCompanion Test"))
        let (status, output) = try home.run(["login", "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("found HomeCompanion Test (Home Assistant 2024.3.3) at \(server.url)"), output)
        XCTAssertTrue(output.contains("signed in to \(server.url)"), output)
        XCTAssertTrue(try home.run(["servers"]).1.contains("* \(server.url)"))
        XCTAssertTrue(avahi.log.contains { $0.hasPrefix("resolved ") })
    }

    func testAnOlderAvahiAndSeveralServersAndNoAvahi() async throws {
        let server = try IntegrationEnvironment.require()
        let first = try await AvahiAnnouncement.json(server), second = try await AvahiAnnouncement.json(server, address: "127.0.0.2").replacingOccurrences(of: "\"uuid\":\"", with: "\"uuid\":\"other-").replacingOccurrences(of: "HomeCompanion Test", with: "Second.Home")
        let avahi = try BusStandIn("tools/avahi-standin.py", ["--no-prepare", first, second])
        keep(stopping: avahi.stop)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("discovery-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let home = home(avahi, root: root)
        let (listed, text) = try home.run(["servers", "discover"])
        XCTAssertEqual(listed, 0, text)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.contains("(Home Assistant 2024.3.3) at http://127.0.0.") }.count, 2, "Avahi before 0.8 (no ServiceBrowserPrepare) is browsed too: \(text)")
        let (refused, refusal) = try home.run(["login", "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(refused, 2, refusal)
        XCTAssertTrue(refusal.contains("several Home Assistant servers announced themselves; give one's URL"), refusal)
        XCTAssertTrue(text.contains("Second Home (Home Assistant"), "the name as Home Assistant makes it valid for zeroconf ('.' is reserved): \(text)")
        // An Avahi that lacks a method the companion needs is named before anything relies on it.
        let odd = try BusStandIn("tools/avahi-standin.py", ["--no-resolve", first])
        keep(stopping: odd.stop)
        let (lacking, lack) = try self.home(odd, root: root).run(["servers", "discover"])
        XCTAssertEqual(lacking, 1, lack)
        XCTAssertTrue(lack.contains("org.freedesktop.Avahi has no org.freedesktop.Avahi.Server.ResolveService"), lack)
        XCTAssertFalse(odd.log.contains { $0.hasPrefix("browsing") }, "nothing was started on it")
        // A system bus without Avahi, and no system bus at all: said plainly.
        let bare = try BusStandIn("tools/notifications-standin.py", [])
        keep(stopping: bare.stop)
        let (missing, reason) = try self.home(bare, root: root).run(["servers", "discover"])
        XCTAssertEqual(missing, 1, reason)
        XCTAssertTrue(reason.contains("Avahi (avahi-daemon) is not reachable"), reason)
        avahi.stop()
        let (gone, goneReason) = try home.run(["login", "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(gone, 1, goneReason)
        XCTAssertTrue(goneReason.contains("Avahi (avahi-daemon) is not reachable") && goneReason.contains("no system bus"), goneReason)
    }
}
