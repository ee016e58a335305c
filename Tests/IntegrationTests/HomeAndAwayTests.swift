import Discovery
import DBus
import Essentials
import Foundation
import Networking
import Synchronization
import XCTest

/// The right URL at home and away: tools/system-bus-standin.py is NetworkManager on a private
/// system bus, on a Wi-Fi network the test moves from and to. The server's internal URL is the
/// real test server; its external URL is a loopback proxy in front of it, which the test stops to
/// make the server unreachable away from home.
final class HomeAndAwayTests: HomeProcessTestCase {
    private func standIn(on ssid: String?) throws -> BusStandIn {
        let standIn = try BusStandIn("tools/system-bus-standin.py", ssid.map { ["--wifi", $0] } ?? [])
        keep(stopping: standIn.stop)
        return standIn
    }

    private func move(_ standIn: BusStandIn, to network: String) {
        standIn.send(network)
        XCTAssertTrue(standIn.log(once: { $0 == "emitted \(network)" }).contains("emitted \(network)"), standIn.log.joined(separator: "\n"))
    }

    func testNetworkManagersWiFiNetworkIsReadAndItsChangesAreSeen() throws {
        let networkManager = try standIn(on: "Home Net ✓")
        let bus = DBusBus.address(networkManager.bus.address)
        XCTAssertEqual(WirelessNetworks.current(bus: bus), ["Home Net ✓"])
        let seen = Mutex<[Set<String>?]>([])
        let watcher = try WirelessNetworkWatcher(bus: bus, initial: ["Home Net ✓"], logger: Logger(label: "test", level: .error) { _ in }) { networks in
            seen.withLock { $0.append(networks) }
        }
        defer { watcher.stop() }
        // The watcher's match rules are in place a moment after it starts.
        Thread.sleep(forTimeInterval: 0.5)
        move(networkManager, to: "wifi Café")
        XCTAssertTrue(waitUntil { seen.withLock { $0.last == ["Café"] } }, "\(seen.withLock { $0 })")
        move(networkManager, to: "wired")
        XCTAssertTrue(waitUntil { seen.withLock { $0.last == [] } }, "a wired connection is no Wi-Fi network: \(seen.withLock { $0 })")
        move(networkManager, to: "online")
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(seen.withLock { $0.count }, 2, "a signal that changes nothing is not a change")
        // A bus without NetworkManager: not known, rather than "no Wi-Fi".
        let bare = try BusStandIn("tools/notifications-standin.py", [])
        keep(stopping: bare.stop)
        XCTAssertNil(WirelessNetworks.current(bus: .address(bare.bus.address)))
    }

    func testAConnectionMovesToTheOtherURLAndKeepsItsSubscription() async throws {
        let server = try IntegrationEnvironment.require()
        let proxy = try LoopbackProxy(target: try XCTUnwrap(URLComponents(string: server.url)?.port))
        try proxy.start()
        defer { proxy.stop() }
        let (addresses, moveTo) = AsyncStream.makeStream(of: ServerAddress.self)
        let connection = HomeAssistantConnection(
            address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token),
            options: ConnectionOptions(reconnectDelay: 30, maximumReconnectDelay: 30), following: addresses
        )
        await connection.start()
        let received = await numbers(of: "homecompanion_moved", on: connection, count: 2)
        try await ready(connection, within: 20)
        _ = try await connection.send("fire_event", ["event_type": .string("homecompanion_moved"), "event_data": .object(["n": .integer(1)])])

        moveTo.yield(try ServerAddress(proxy.url))
        try await within(20, "the connection to come back through the proxy") {
            while true {
                let (at, state) = (await connection.reachedAt, await connection.state)
                if at.description == proxy.url, Self.isReady(state) { return }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        // It is on the proxy: stopping the proxy drops it, and with a 30 s retry delay it stays down…
        proxy.stop()
        try await within(20, "the connection to drop with the proxy") {
            while Self.isReady(await connection.state) { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        // …until the network moves it back, which it follows at once.
        moveTo.yield(try ServerAddress(server.url))
        try await ready(connection, within: 10)
        _ = try await connection.send("fire_event", ["event_type": .string("homecompanion_moved"), "event_data": .object(["n": .integer(2)])])
        let numbers = try await within(20, "both events") { try await received.value }
        XCTAssertEqual(numbers, [.integer(1), .integer(2)], "the subscription followed the connection")
        await connection.stop()
    }

    func testServersURLsSetsTheURLsAndTheNetworkChoosesOne() async throws {
        let server = try IntegrationEnvironment.require()
        let proxy = try LoopbackProxy(target: try XCTUnwrap(URLComponents(string: server.url)?.port))
        try proxy.start()
        defer { proxy.stop() }
        let networkManager = try standIn(on: "HomeNet")
        var home = try signedIn(server)
        home.environment["DBUS_SYSTEM_BUS_ADDRESS"] = networkManager.bus.address
        // The server's own internal_url and external_url are the start.
        _ = try await AdminConnection(server: server).send("config/core/update", ["internal_url": .string(server.url), "external_url": .string(proxy.url)])
        addTeardownBlock { _ = try? await AdminConnection(server: server).send("config/core/update", ["internal_url": .null, "external_url": .null]) }
        var urls = try json(home.run(["servers", "urls", "--json"]))
        XCTAssertEqual(urls["internal_url"], .string(server.url))
        XCTAssertEqual(urls["external_url"], .string(proxy.url))
        XCTAssertEqual(urls["networks"], .array([.string("HomeNet")]))
        XCTAssertEqual(urls["address"], .string(server.url), "no home network said yet: the URL signed in with")

        urls = try json(home.run(["servers", "urls", "--this-network", "--json"]))
        XCTAssertEqual(urls["home_networks"], .array([.string("HomeNet")]))
        XCTAssertEqual(urls["at_home"], .bool(true))
        XCTAssertEqual(urls["address"], .string(server.url))
        move(networkManager, to: "wifi Café")
        urls = try json(home.run(["servers", "urls", "--json"]))
        XCTAssertEqual(urls["at_home"], .bool(false))
        XCTAssertEqual(urls["address"], .string(proxy.url))
        // Away, every call goes through the external URL: with the proxy stopped, none arrives.
        let (listed, states) = try home.run(["states", "--json"])
        XCTAssertEqual(listed, 0, states)
        proxy.stop()
        let (unreachable, refusal) = try home.run(["states"])
        XCTAssertTrue(refusal.contains("cannot connect to \(proxy.url.replacingOccurrences(of: "http://", with: ""))"), "\(unreachable): \(refusal)")

        let text = try home.run(["servers", "urls"]).1
        XCTAssertTrue(text.contains("on now         Café (not a home network)") && text.contains("reached at     \(proxy.url)"), text)
        // Bad input is refused with the option named, and nothing kept changes.
        for (arguments, expected) in [
            (["--internal", "ftp://x"], "--internal needs an http(s) URL"),
            (["--add-network", String(repeating: "n", count: 33)], "is not a Wi-Fi network name (1 to 32 bytes)"),
            (["--remove-network", "Elsewhere"], "'Elsewhere' is not a home network"),
        ] {
            let (status, output) = try home.run(["servers", "urls"] + arguments)
            XCTAssertNotEqual(status, 0, output)
            XCTAssertTrue(output.contains(expected), output)
        }
        urls = try json(home.run(["servers", "urls", "--remove-network", "HomeNet", "--external", "none", "--json"]))
        XCTAssertEqual(urls["home_networks"], .array([]))
        XCTAssertEqual(urls["external_url"], .null)
        XCTAssertEqual(urls["address"], .string(server.url))
    }

    func testTheAgentMovesWithTheNetworkWithoutLosingAQueuedWebhook() async throws {
        let server = try IntegrationEnvironment.require()
        let proxy = try LoopbackProxy(target: try XCTUnwrap(URLComponents(string: server.url)?.port))
        let networkManager = try standIn(on: "HomeNet")
        var home = try signedIn(server)
        home.environment["DBUS_SYSTEM_BUS_ADDRESS"] = networkManager.bus.address
        XCTAssertEqual(try home.run(["servers", "urls", "--internal", server.url, "--external", proxy.url, "--add-network", "HomeNet"]).0, 0)
        let (registered, registration) = try home.run(["agent", "register"])
        XCTAssertEqual(registered, 0, registration)

        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watcher.start()
        defer { Task { await watcher.stop() } }
        let collector = await numbers(of: "homecompanion_away", on: watcher, count: 2)
        try await ready(watcher, within: 20)

        // Away, with the external URL unreachable: the agent runs offline and a call queues.
        move(networkManager, to: "wifi Café")
        let (agent, agentOutput) = try home.start(["agent", "--interval", "600"])
        keep(agent)
        let log = PipeOutput(agentOutput)
        let offline = await waitUntil(log, has: "offline: calls wait in the queue for")
        XCTAssertTrue(offline, log.text)
        XCTAssertTrue(log.text.contains("(at \(proxy.url))"), log.text)
        for number in 1...2 {
            let (status, output) = try home.run(["agent", "event", "homecompanion_away", #"{"n": \#(number)}"#])
            XCTAssertEqual(status, 0, output)
            XCTAssertTrue(output.contains("(\(number) waiting)"), output)
        }

        // Home again: the agent moves to the internal URL and what waited arrives, in order.
        move(networkManager, to: "wifi HomeNet")
        let moved = await waitUntil(log, has: "is reached at \(server.url) now")
        XCTAssertTrue(moved, log.text)
        let received = try await within(40, "the queued events to arrive") { try await collector.value }
        XCTAssertEqual(received, [.integer(1), .integer(2)])
        XCTAssertTrue(log.text.contains("on \(server.url); reporting every 600 s"), log.text)
        kill(agent.processIdentifier, SIGTERM)
        agent.waitUntilExit()
        XCTAssertEqual(agent.terminationStatus, 0, log.text)
    }

    /// The `n` of the first `count` events of `type` the connection receives, from now.
    private func numbers(of type: String, on connection: HomeAssistantConnection, count: Int) async -> Task<[JSONValue], any Error> {
        let events = await connection.subscribe("subscribe_events", ["event_type": .string(type)])
        return Task {
            var numbers: [JSONValue] = []
            for try await update in events {
                guard case .events(let batch) = update else { continue }
                numbers += batch.compactMap { $0.objectValue?["data"]?.objectValue?["n"] }
                if numbers.count >= count { break }
            }
            return numbers
        }
    }

    private static func isReady(_ state: ConnectionState) -> Bool {
        if case .ready = state { return true }
        return false
    }

    private func ready(_ connection: HomeAssistantConnection, within seconds: Double) async throws {
        try await within(seconds, "the connection to be ready") {
            while !Self.isReady(await connection.state) { try await Task.sleep(nanoseconds: 50_000_000) }
        }
    }

    private func json(_ run: (Int32, String)) throws -> [String: JSONValue] {
        XCTAssertEqual(run.0, 0, run.1)
        return try XCTUnwrap(try JSONParser.parse(run.1).objectValue, run.1)
    }

    private func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition(), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return condition()
    }

    private func waitUntil(_ output: PipeOutput, has text: String) async -> Bool {
        for _ in 0..<600 where !output.text.contains(text) { try? await Task.sleep(nanoseconds: 50_000_000) }
        return output.text.contains(text)
    }
}
