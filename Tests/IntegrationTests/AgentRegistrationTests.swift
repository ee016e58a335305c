import Agent
import Auth
import CLIKit
import CLIKitTestSupport
import Foundation
import HomeAPI
import HomeCLI
import Networking
import XCTest

/// Registering as a mobile_app device of the real Home Assistant, and encrypted webhooks that
/// its PyNaCl opens and answers.
final class AgentRegistrationTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    func testRegisterSealedWebhooksUpdateAndRegisterAgainAfterDeletion() async throws {
        let server = try IntegrationEnvironment.require()
        let test = try await TestDevice.make("agent-test", server: server, test: self)
        let home = test.home, name = test.name
        let (registration, outcome) = try await test.registrar().ensureRegistered()
        XCTAssertEqual(outcome, .registered)
        XCTAssertNotNil(registration.response.secret, "the server gave a secret: webhooks are sealed")
        let file = home.folders.data.appendingPathComponent("registration.json")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)

        let webhook = try WebhookClient(server: home.server, registration: registration.response)
        let config = try await webhook.send("get_config")
        XCTAssertEqual(config?.objectValue?["version"], .string("2024.3.3"), "Home Assistant opened the sealed request and sealed its answer")
        let rendered = try await webhook.send("render_template", .object(["answer": .object(["template": .string("{{ 6 * 7 }}")])]))
        XCTAssertEqual(rendered?.objectValue?["answer"], .integer(42))

        let (_, again) = try await test.registrar().ensureRegistered()
        XCTAssertEqual(again, .unchanged)
        let (_, updated) = try await test.registrar(version: "0.2.0").ensureRegistered()
        XCTAssertEqual(updated, .updated)

        try await PushRelayEndToEndTests.removeEntry(titled: name, server: server)
        let (renewed, recovered) = try await test.registrar(version: "0.3.0").ensureRegistered()
        XCTAssertEqual(recovered, .registeredAgain)
        XCTAssertNotEqual(renewed.response.webhookID, registration.response.webhookID)
        let renewedConfig = try await WebhookClient(server: home.server, registration: renewed.response).send("get_config")
        XCTAssertEqual(renewedConfig?.objectValue?["version"], .string("2024.3.3"))
    }

    func testHomeAgentRegisterAndConfig() async throws {
        let server = try IntegrationEnvironment.require()
        func home(_ arguments: String..., input: [String] = []) async -> (ExitCode, String) {
            let recorder = ConsoleRecorder(input: input)
            let code = await HomeApp.run(arguments, console: recorder.console())
            return (code, recorder.out + recorder.error)
        }
        let (login, loginOutput) = await home("login", server.url, "--username", server.username, "--password-stdin", input: [server.password])
        XCTAssertEqual(login, .success, loginOutput)
        let device = DeviceInfo.read(appID: MobileAppRegistrar.appID)
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device.deviceName, server: server) }
        let (registered, first) = await home("agent", "register")
        XCTAssertEqual(registered, .success, first)
        XCTAssertTrue(first.contains("registered '\(device.deviceName)'"), first)
        XCTAssertTrue(first.contains("encryption: on"), first)
        let (_, second) = await home("agent", "register")
        XCTAssertTrue(second.contains("nothing changed"), second)
        let (configured, config) = await home("agent", "config", "--json")
        XCTAssertEqual(configured, .success, config)
        XCTAssertTrue(config.contains("\"version\": \"2024.3.3\""), config)
    }

    func testOnlyEnabledSensorsAppearAndOnesTheServerDisabledAreNotSent() async throws {
        let server = try IntegrationEnvironment.require()
        let test = try await TestDevice.make("sensor-test", server: server, test: self)
        let home = test.home, name = test.name
        let (registration, _) = try await test.registrar().ensureRegistered()
        let reporter = SensorReporter(
            webhook: try WebhookClient(server: home.server, registration: registration.response),
            queue: try WebhookQueue(folder: home.folders.data), sensors: SensorCatalog.all(agentVersion: "0.1.0")
        )
        var settings = SensorSettings()
        let nothing = try await reporter.report(&settings, webhookID: registration.response.webhookID)
        XCTAssertEqual(nothing, SensorReport(), "nothing reports until enabled")
        settings.enabled = ["kernel", "agent_version", "battery_level"]
        let first = try await reporter.report(&settings, webhookID: registration.response.webhookID)
        XCTAssertEqual(Set(first.registered), settings.enabled)
        XCTAssertEqual(Set(first.updated), settings.enabled)

        let prefix = "sensor." + name.replacingOccurrences(of: "-", with: "_") + "_"
        let states = try await Self.states(server, prefix: prefix)
        XCTAssertEqual(states["\(prefix)agent_version"], "0.1.0")
        XCTAssertNotNil(states["\(prefix)kernel"])
        XCTAssertEqual(states["\(prefix)battery_level"], "unavailable", "a sensor that cannot be read is listed as unavailable")
        XCTAssertNil(states["\(prefix)memory_use"], "a sensor not enabled does not appear")

        _ = try await AdminConnection(server: server).send("config/entity_registry/update", [
            "entity_id": .string("\(prefix)kernel"), "disabled_by": .string("user"),
        ])
        let second = try await reporter.report(&settings, webhookID: registration.response.webhookID)
        XCTAssertEqual(second.disabledByServer, ["kernel"])
        XCTAssertTrue(settings.disabledByServer.contains("kernel"))
        let third = try await reporter.report(&settings, webhookID: registration.response.webhookID)
        XCTAssertEqual(Set(third.updated), ["agent_version", "battery_level"], "a sensor the server disabled is not sent")
    }

    func testUpdatesMadeWhileTheServerIsAwayArriveWhenItIsBackNewestPerSensor() async throws {
        let server = try IntegrationEnvironment.require()
        let test = try await TestDevice.make("queue-test", server: server, test: self)
        let home = test.home, name = test.name
        let (registration, _) = try await test.registrar().ensureRegistered()
        let queue = try WebhookQueue(folder: home.folders.data)
        let online = try WebhookClient(server: home.server, registration: registration.response)
        var settings = SensorSettings()
        settings.enabled = ["agent_version"]
        _ = try await SensorReporter(webhook: online, queue: queue, sensors: [AgentVersionSensor(version: "1.0")])
            .report(&settings, webhookID: registration.response.webhookID)

        // The server is away: the same registration at an address where nothing listens.
        let away = try WebhookClient(server: try ServerAddress("http://127.0.0.1:9"), registration: registration.response)
        for version in ["1.1", "1.2", "1.3"] {
            do {
                _ = try await SensorReporter(webhook: away, queue: queue, sensors: [AgentVersionSensor(version: version)])
                    .report(&settings, webhookID: registration.response.webhookID)
                XCTFail("a report reached a server that is away")
            } catch WebhookError.transport {}
        }
        XCTAssertEqual(try queue.pendingCount(), 1, "the newest value of the sensor replaced the older ones")

        // Back: the retry is due after its backoff; then it is delivered.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        let sent = try await queue.flush(through: online) { _, _, _ in }
        XCTAssertEqual(sent, 1)
        XCTAssertEqual(try queue.pendingCount(), 0)
        let prefix = "sensor." + name.replacingOccurrences(of: "-", with: "_") + "_"
        let states = try await Self.states(server, prefix: prefix)
        XCTAssertEqual(states["\(prefix)agent_version"], "1.3")
    }

    func testEventsServicesAndLocationGoThroughTheQueueAndAStaleRegistrationIsNoticed() async throws {
        let server = try IntegrationEnvironment.require()
        let test = try await TestDevice.make("calls-test", server: server, test: self)
        let (registration, _) = try await test.registrar().ensureRegistered()
        let queue = try WebhookQueue(folder: test.home.folders.data)
        let webhook = try WebhookClient(server: test.home.server, registration: registration.response)
        try queue.enqueue("call_service", .object([
            "domain": .string("light"), "service": .string("turn_on"),
            "service_data": .object(["entity_id": .string("light.kitchen_lights"), "brightness": .integer(33)]),
        ]))
        try queue.enqueue("update_location", .object(["gps": .array([.double(48.8584), .double(2.2945)]), "gps_accuracy": .integer(12)]))
        let watcher = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
        await watcher.start()
        let events = await watcher.subscribe("subscribe_events", ["event_type": .string("homecompanion_agent_test")])
        var iterator = events.makeAsyncIterator()
        _ = try await iterator.next()  // subscribed
        try queue.enqueue("fire_event", .object(["event_type": .string("homecompanion_agent_test"), "event_data": .object(["n": .integer(7)])]))
        let sent = try await queue.flush(through: webhook) { _, _, _ in }
        XCTAssertEqual(sent, 3)
        guard case .events(let fired)? = try await iterator.next() else { return XCTFail("no event") }
        XCTAssertEqual(fired.first?.objectValue?["data"]?.objectValue?["n"], .integer(7))
        await watcher.stop()
        let light = try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/light.kitchen_lights")!, token: server.token).object()
        XCTAssertEqual((light["attributes"] as? [String: Any])?["brightness"] as? Int, 33)
        let tracker = "device_tracker." + test.name.replacingOccurrences(of: "-", with: "_")
        let located = try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/\(tracker)")!, token: server.token).object()
        XCTAssertEqual((located["attributes"] as? [String: Any])?["latitude"] as? Double, 48.8584)
        XCTAssertEqual((located["attributes"] as? [String: Any])?["gps_accuracy"] as? Int, 12)

        // Deleted on the server while nothing changed here: the start-up check notices.
        try await PushRelayEndToEndTests.removeEntry(titled: test.name, server: server)
        let (renewed, outcome) = try await test.registrar().ensureRegistered()
        XCTAssertEqual(outcome, .registeredAgain)
        XCTAssertNotEqual(renewed.response.webhookID, registration.response.webhookID)
    }

    /// The states of entities whose id starts with `prefix`.
    private static func states(_ server: IntegrationEnvironment, prefix: String) async throws -> [String: String] {
        let all = try await HTTPExchange.send("GET", URL(string: server.url + "/api/states")!, token: server.token)
        let list = try JSONSerialization.jsonObject(with: all.body) as? [[String: Any]] ?? []
        var states: [String: String] = [:]
        for state in list {
            guard let id = state["entity_id"] as? String, id.hasPrefix(prefix) else { continue }
            states[id] = state["state"] as? String
        }
        return states
    }
}
