import Essentials
import EssentialsTestSupport
import Foundation
import MQTT
import XCTest

/// Controls over MQTT end to end, against the real Home Assistant with its MQTT integration and
/// a real mosquitto broker: discovery creates the entities under the machine's device, a button
/// press and a number set in Home Assistant run the recorded commands, SIGKILL makes the entities
/// unavailable through the last will and a restart brings them back, a broker restart is
/// survived, and a QoS 1 command sent while the agent was away is performed when it is back.
final class ControlsOverMQTTTests: HomeProcessTestCase {
    private static func state(_ entity: String, _ server: IntegrationEnvironment) async throws -> String? {
        try await HTTPExchange.send("GET", URL(string: server.url + "/api/states/\(entity)")!, token: server.token).object()["state"] as? String
    }

    private static func waitForState(_ entity: String, _ server: IntegrationEnvironment, _ wanted: @escaping @Sendable (String?) -> Bool, _ what: String) async throws {
        try await within(30, what) {
            while !wanted(try await Self.state(entity, server)) { try await Task.sleep(nanoseconds: 100_000_000) }
        }
    }

    private static func recorded(_ file: URL) -> [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private static func waitForRecord(_ file: URL, count: Int, _ what: String) async throws -> [String] {
        try await within(30, what) {
            while Self.recorded(file).count < count { try await Task.sleep(nanoseconds: 100_000_000) }
        }
        return Self.recorded(file)
    }

    /// The entity whose unique id ends in `_ID` (the shortest such), once it is discovered and available.
    private static func discovered(_ id: String, _ server: IntegrationEnvironment, _ what: String) async throws -> String {
        try await within(60, what) { () -> String in
            while true {
                let entries = try await AdminConnection(server: server).send("config/entity_registry/list").arrayValue ?? []
                // The shortest unique id that ends so: `volume` is not `media_volume`.
                let matching = entries.compactMap(\.objectValue).filter { $0["unique_id"]?.stringValue?.hasSuffix("_\(id)") == true }
                if let found = matching.min(by: { ($0["unique_id"]?.stringValue?.count ?? 0) < ($1["unique_id"]?.stringValue?.count ?? 0) })?["entity_id"]?.stringValue,
                   let state = try await Self.state(found, server), state != "unavailable" {
                    return found
                }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
    }

    /// A broker (with a TLS listener when asked), Home Assistant's MQTT integration on it, a
    /// scratch folder and the broker's password in a 0600 file there, all removed after the test.
    private func broker(_ server: IntegrationEnvironment, tls: Bool = false) async throws -> (MosquittoBroker, URL, URL) {
        let broker = try MosquittoBroker(tls: tls)
        keep(stopping: broker.tearDown)
        try await HomeAssistantMQTT.configure(server, broker: broker)
        addTeardownBlock { try? await HomeAssistantMQTT.remove(server) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("controls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        keep { try? FileManager.default.removeItem(at: scratch) }
        let passwordFile = scratch.appendingPathComponent("mqtt-password")
        try SecretFile.write(Array(broker.password.utf8), to: passwordFile)
        return (broker, scratch, passwordFile)
    }

    func testHomeAssistantPressesSetsAndSeesTheMachineGoAndComeBack() async throws {
        let server = try IntegrationEnvironment.require()
        let (broker, scratch, passwordFile) = try await broker(server)
        let record = scratch.appendingPathComponent("recorded")
        let recorder = ["/bin/sh", "-c", "echo \"$0 $HOME_CONTROL_VALUE\" >> \"$1\"", "{name}", record.path]
        let greeter = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/libExampleGreeter.so").path
        let manifest: [String: Any] = ["schemaVersion": 1, "plugins": [
            ["id": "example-greeter", "library": greeter],
            ["id": "mqtt", "configuration": ["broker": broker.url, "username": broker.username, "passwordFile": passwordFile.path]],
            ["id": "system-controls", "configuration": ["logind": false, "media": false, "volume": false, "commands": [
                ["id": "record_press", "name": "Record press", "kind": "button", "run": recorder.map { $0 == "{name}" ? "press" : $0 }],
                ["id": "record_level", "name": "Record level", "kind": "number", "min": 0, "max": 50, "run": recorder.map { $0 == "{name}" ? "level" : $0 }],
            ]]],
        ]]
        let home = try signedIn(server, manifest: String(decoding: try JSONSerialization.data(withJSONObject: manifest), as: UTF8.self))

        let (listed, list) = try home.run(["controls"])
        XCTAssertEqual(listed, 0, list)
        XCTAssertEqual(list, """
        greeter_wave  button  disabled  Wave at Home Assistant
        record_level  number  disabled  Record level
        record_press  button  disabled  Record press

        """, "the out-of-tree plugin's control beside the manifest's")
        XCTAssertEqual(try home.run(["controls", "enable", "record_press", "record_level", "greeter_wave"]).0, 0)
        XCTAssertEqual(try home.run(["controls", "enable", "nope"]).0, 2)

        let (agent, output) = try home.start(["agent", "--interval", "60"])
        keep(agent)
        let log = AgentLog(output)
        try await log.wait(for: "mqtt: offering 3 control(s)", within: 30)

        // Discovery: the entities, under one device named as the machine.
        let deviceName = DeviceInfoName.current
        var press: String?, level: String?, wave: String?
        try await within(30, "the discovered entities") {
            while true {
                let entries = try await AdminConnection(server: server).send("config/entity_registry/list")
                let mqtt = (entries.arrayValue ?? []).filter { $0.objectValue?["platform"]?.stringValue == "mqtt" }
                if mqtt.count >= 3 { return }
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        for entry in try await AdminConnection(server: server).send("config/entity_registry/list").arrayValue ?? [] {
            guard let object = entry.objectValue, object["platform"]?.stringValue == "mqtt", let unique = object["unique_id"]?.stringValue else { continue }
            if unique.hasSuffix("_record_press") { press = object["entity_id"]?.stringValue }
            if unique.hasSuffix("_record_level") { level = object["entity_id"]?.stringValue }
            if unique.hasSuffix("_greeter_wave") { wave = object["entity_id"]?.stringValue }
        }
        let pressEntity = try XCTUnwrap(press), levelEntity = try XCTUnwrap(level)
        XCTAssertTrue(pressEntity.hasPrefix("button.") && levelEntity.hasPrefix("number."), "\(pressEntity) \(levelEntity)")
        let devices = try await AdminConnection(server: server).send("config/device_registry/list").arrayValue ?? []
        let device = try XCTUnwrap(devices.first { device in
            (device.objectValue?["identifiers"]?.arrayValue ?? []).contains { $0.arrayValue?.compactMap(\.stringValue).first == "mqtt" }
        })
        XCTAssertEqual(device.objectValue?["name"]?.stringValue, deviceName)
        try await Self.waitForState(pressEntity, server, { $0 != nil && $0 != "unavailable" }, "the button to be available")

        // Home Assistant presses the button and sets the number.
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": pressEntity])
        let pressed = try await Self.waitForRecord(record, count: 1, "the press")
        XCTAssertEqual(pressed, ["press PRESS"])
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/number/set_value")!, token: server.token, json: ["entity_id": levelEntity, "value": 42])
        let set = try await Self.waitForRecord(record, count: 2, "the number")
        XCTAssertEqual(set.last, "level 42")
        try await Self.waitForState(levelEntity, server, { $0 == "42.0" || $0 == "42" }, "the number's state")
        // The out-of-tree plugin's button, pressed through its C ABI.
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": try XCTUnwrap(wave)])
        try await within(30, "the out-of-tree control's press") {
            while !(try home.run(["controls"]).1.contains("greeter_wave  button  enabled   Wave at Home Assistant  last: press at ")) {
                try await Task.sleep(nanoseconds: 100_000_000)
            }
        }
        let (_, shown) = try home.run(["controls"])
        XCTAssertTrue(shown.contains("record_level  number  enabled   Record level  last: set 42 at "), shown)
        XCTAssertFalse(shown.contains("failed"), shown)

        // Killed: the broker sends the last will, and the entities go unavailable; a restart brings them back.
        kill(agent.processIdentifier, SIGKILL)
        agent.waitUntilExit()
        try await Self.waitForState(pressEntity, server, { $0 == "unavailable" }, "the last will")
        let (again, againOutput) = try home.start(["agent", "--interval", "60"])
        keep(again)
        let againLog = AgentLog(againOutput)
        try await againLog.wait(for: "mqtt: offering 3 control(s)", within: 30)
        try await Self.waitForState(pressEntity, server, { $0 != nil && $0 != "unavailable" }, "the entities back")

        // The broker restarts: the agent reconnects, and a press goes through.
        broker.stop()
        try broker.start()
        try await within(30, "the agent back on the broker") {
            while true {
                _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": pressEntity])
                if Self.recorded(record).count >= 3 { return }
                try await Task.sleep(nanoseconds: 1_000_000_000)
            }
        }
        XCTAssertTrue(Self.recorded(record).dropFirst(2).allSatisfy { $0 == "press PRESS" }, "\(Self.recorded(record))")

        // Away (stopped cleanly): a QoS 1 command sent now waits in its session and runs when it is back.
        kill(again.processIdentifier, SIGTERM)
        again.waitUntilExit()
        XCTAssertEqual(again.terminationStatus, 0, againLog.text)
        let before = Self.recorded(record).count
        let node = try XCTUnwrap(log.text.split(separator: "\n").first { $0.contains("mqtt: offering") }?.split(separator: " ").last.map(String.init))
        try await Self.publish(to: broker, MQTTMessage(topic: "\(node)/record_level/set", text: "7", qos: 1))
        let (third, thirdOutput) = try home.start(["agent", "--interval", "60"])
        keep(third)
        let thirdLog = AgentLog(thirdOutput)
        let queued = try await Self.waitForRecord(record, count: before + 1, "the queued command")
        XCTAssertEqual(queued.last, "level 7", thirdLog.text)

        // Away an hour: a QoS 1 command queued meanwhile is stale and dropped; a retained press
        // (which would run at every connect) is never performed and is cleared; a fresh press
        // runs once.
        kill(third.processIdentifier, SIGTERM)
        third.waitUntilExit()
        let settings = try XCTUnwrap(FileManager.default.enumerator(at: home.root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { $0.lastPathComponent == "controls.json" })
        var stored = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any])
        XCTAssertNotNil(stored["lastOnline"], "a clean stop saves when the agent was last on the broker")
        stored["lastOnline"] = Date().timeIntervalSince1970 - 3_600
        try SecretFile.write([UInt8](try JSONSerialization.data(withJSONObject: stored)), to: settings)
        try await Self.publish(to: broker, MQTTMessage(topic: "\(node)/record_level/set", text: "9", qos: 1))
        try await Self.publish(to: broker, MQTTMessage(topic: "\(node)/record_press/set", text: "PRESS", qos: 1, retain: true))
        let performed = Self.recorded(record).count
        let (fourth, fourthOutput) = try home.start(["agent", "--interval", "60"])
        keep(fourth)
        let fourthLog = AgentLog(fourthOutput)
        try await fourthLog.wait(for: "mqtt: a command for record_level queued while the agent was away (3", within: 30)
        try await fourthLog.wait(for: "mqtt: a retained command for record_press is never performed; cleared from the broker", within: 30)
        let retained = try await Self.retained(on: broker, topic: "\(node)/record_press/set")
        XCTAssertEqual(retained, [], "the retained press is gone from the broker")
        XCTAssertEqual(Self.recorded(record).count, performed, "neither the stale nor the retained command ran: \(Self.recorded(record))")
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": pressEntity])
        let fresh = try await Self.waitForRecord(record, count: performed + 1, "the fresh press")
        XCTAssertEqual(fresh.last, "press PRESS")
        try await Task.sleep(nanoseconds: 1_000_000_000)
        XCTAssertEqual(Self.recorded(record).count, performed + 1, "performed once")
    }

    /// The machine's own controls, each pressed or set from Home Assistant, reach the service
    /// that does it: logind (a stand-in on a private system bus: the calls are recorded, never
    /// done), the media player (an MPRIS stand-in on a private session bus) and pactl (a script
    /// that records its arguments). The media player is one device of its own, through the
    /// machine's, with its title and artist.
    func testEveryControlOfTheMachineReachesItsServiceAndTheMediaPlayerIsOneDevice() async throws {
        let server = try IntegrationEnvironment.require()
        let (broker, scratch, passwordFile) = try await broker(server)
        let logind = try BusStandIn("tools/system-bus-standin.py", [])
        keep(stopping: logind.stop)
        let player = try BusStandIn("tools/mpris-standin.py", ["Blue in Green", "Miles Davis"])
        keep(stopping: player.stop)
        let bin = scratch.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let pactlLog = scratch.appendingPathComponent("pactl.log")
        try """
            #!/bin/sh
            echo "$*" >> '\(pactlLog.path)'
            case "$1" in
              get-sink-volume) echo "Volume: front-left: 19661 /  30% / -31.37 dB,   front-right: 19661 /  30% / -31.37 dB" ;;
              get-sink-mute) echo "Mute: no" ;;
            esac

            """.write(to: bin.appendingPathComponent("pactl"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("pactl").path)
        let manifest: [String: Any] = ["schemaVersion": 1, "plugins": [
            ["id": "mqtt", "configuration": ["broker": broker.url, "username": broker.username, "passwordFile": passwordFile.path]],
        ]]
        var home = try signedIn(server, manifest: String(decoding: try JSONSerialization.data(withJSONObject: manifest), as: UTF8.self))
        home.environment = ["DBUS_SYSTEM_BUS_ADDRESS": logind.bus.address, "DBUS_SESSION_BUS_ADDRESS": player.bus.address, "PATH": "\(bin.path):/usr/bin:/bin"]
        let ids = ["lock_screen", "suspend", "reboot", "shutdown", "media_play_pause", "media_next", "media_previous", "media_volume", "media_title", "media_artist", "volume", "mute"]
        let (listed, list) = try home.run(["controls", "--json"])
        XCTAssertEqual(listed, 0, list)
        XCTAssertEqual(Set((try JSONParser.parse(list).arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }), Set(ids))
        XCTAssertEqual(try home.run(["controls", "enable"] + ids).0, 0)
        let (agent, output) = try home.start(["agent", "--interval", "60"])
        keep(agent)
        let log = AgentLog(output)
        try await log.wait(for: "mqtt: offering 12 control(s)", within: 30)
        var entities: [String: String] = [:]
        for id in ids { entities[id] = try await Self.discovered(id, server, "the \(id) entity") }
        let entity = { (id: String) throws -> String in try XCTUnwrap(entities[id], id) }

        for id in ["lock_screen", "suspend", "reboot", "shutdown", "media_play_pause", "media_next", "media_previous"] {
            _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": try entity(id)])
        }
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/number/set_value")!, token: server.token, json: ["entity_id": try entity("media_volume"), "value": 42])
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/number/set_value")!, token: server.token, json: ["entity_id": try entity("volume"), "value": 40])
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/switch/turn_on")!, token: server.token, json: ["entity_id": try entity("mute")])
        let called = logind.log(once: { $0 == "called PowerOff false" }, timeout: 30)
        for call in ["called LockSessions", "called Suspend false", "called Reboot false", "called PowerOff false"] {
            XCTAssertTrue(called.contains(call), "\(call): \(called) \(log.text)")
        }
        let played = player.log(once: { $0 == "volume 0.42" }, timeout: 30)
        for call in ["called PlayPause", "called Next", "called Previous", "volume 0.42"] {
            XCTAssertTrue(played.contains(call), "\(call): \(played) \(log.text)")
        }
        let pactlDeadline = Date().addingTimeInterval(30)
        while !(Self.recorded(pactlLog).contains("set-sink-volume @DEFAULT_SINK@ 40%") && Self.recorded(pactlLog).contains("set-sink-mute @DEFAULT_SINK@ 1")), Date() < pactlDeadline {
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        XCTAssertTrue(Self.recorded(pactlLog).contains("set-sink-volume @DEFAULT_SINK@ 40%"), "\(Self.recorded(pactlLog)) \((try? home.run(["controls"]).1) ?? "")")
        XCTAssertTrue(Self.recorded(pactlLog).contains("set-sink-mute @DEFAULT_SINK@ 1"), "\(Self.recorded(pactlLog))")
        // What the player shows, as sensors and the volume's state.
        try await Self.waitForState(try entity("media_title"), server, { $0 == "Blue in Green" }, "the title")
        try await Self.waitForState(try entity("media_artist"), server, { $0 == "Miles Davis" }, "the artist")
        try await Self.waitForState(try entity("media_volume"), server, { $0 == "42.0" || $0 == "42" }, "the player's volume")
        try await Self.waitForState(try entity("volume"), server, { $0 == "30.0" || $0 == "30" }, "the sink's volume as pactl tells it")
        // The media player is one device, connected through the machine's; the rest are the machine's.
        let registry = try await AdminConnection(server: server).send("config/entity_registry/list").arrayValue ?? []
        let deviceOf = { (entityID: String) -> String? in
            registry.first { $0.objectValue?["entity_id"]?.stringValue == entityID }?.objectValue?["device_id"]?.stringValue
        }
        let media = Set(try ["media_play_pause", "media_next", "media_previous", "media_volume", "media_title", "media_artist"].map { deviceOf(try entity($0)) })
        let machine = Set(try ["lock_screen", "suspend", "reboot", "shutdown", "volume", "mute"].map { deviceOf(try entity($0)) })
        XCTAssertEqual(media.count, 1)
        XCTAssertEqual(machine.count, 1)
        let devices = try await AdminConnection(server: server).send("config/device_registry/list").arrayValue ?? []
        let mediaDevice = try XCTUnwrap(devices.first { $0.objectValue?["id"]?.stringValue == media.first ?? nil }?.objectValue)
        XCTAssertEqual(mediaDevice["name"]?.stringValue, "\(DeviceInfoName.current) Media player")
        XCTAssertEqual(mediaDevice["via_device_id"]?.stringValue, machine.first ?? nil)
    }

    func testABrokerThatIsDownAtStartIsWaitedFor() async throws {
        let server = try IntegrationEnvironment.require()
        let (broker, scratch, passwordFile) = try await broker(server)
        broker.stop()
        let record = scratch.appendingPathComponent("recorded")
        let manifest: [String: Any] = ["schemaVersion": 1, "plugins": [
            ["id": "mqtt", "configuration": ["broker": broker.url, "username": broker.username, "passwordFile": passwordFile.path]],
            ["id": "system-controls", "configuration": ["logind": false, "media": false, "volume": false, "commands": [
                ["id": "late_press", "name": "Late press", "kind": "button", "run": ["/bin/sh", "-c", "echo \"$HOME_CONTROL_VALUE\" >> \"$0\"", record.path]],
            ]]],
        ]]
        let home = try signedIn(server, manifest: String(decoding: try JSONSerialization.data(withJSONObject: manifest), as: UTF8.self))
        XCTAssertEqual(try home.run(["controls", "enable", "late_press"]).0, 0)
        let (agent, output) = try home.start(["agent", "--interval", "60"])
        keep(agent)
        let log = AgentLog(output)
        try await log.wait(for: "mqtt: the broker 127.0.0.1:\(broker.port) cannot be reached yet", within: 30)

        try broker.start()
        let entity = try await Self.discovered("late_press", server, "the button discovered once the broker is up")
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": entity])
        let pressed = try await Self.waitForRecord(record, count: 1, "the press")
        XCTAssertEqual(pressed, ["PRESS"], log.text)
    }

    func testOverTLSTheBrokersCertificateIsVerified() async throws {
        let server = try IntegrationEnvironment.require()
        let (broker, scratch, passwordFile) = try await broker(server, tls: true)
        let record = scratch.appendingPathComponent("recorded")
        let tlsPort = try XCTUnwrap(broker.tlsPort), certificate = try XCTUnwrap(broker.certificate)
        func manifest(caFile: String?) throws -> String {
            var mqtt: [String: Any] = ["broker": "mqtts://localhost:\(tlsPort)", "username": broker.username, "passwordFile": passwordFile.path]
            if let caFile { mqtt["caFile"] = caFile }
            let plugins: [[String: Any]] = [
                ["id": "mqtt", "configuration": mqtt],
                ["id": "system-controls", "configuration": ["logind": false, "media": false, "volume": false, "commands": [
                    ["id": "tls_press", "name": "TLS press", "kind": "button", "run": ["/bin/sh", "-c", "echo \"$HOME_CONTROL_VALUE\" >> \"$0\"", record.path]],
                ]]],
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: ["schemaVersion": 1, "plugins": plugins]), as: UTF8.self)
        }
        // The system's CAs do not know the broker's certificate: no connection, said after 5 s.
        let home = try signedIn(server, manifest: try manifest(caFile: nil))
        XCTAssertEqual(try home.run(["controls", "enable", "tls_press"]).0, 0)
        let (untrusting, untrustingOutput) = try home.start(["agent", "--interval", "60"])
        keep(untrusting)
        let untrustingLog = AgentLog(untrustingOutput)
        try await untrustingLog.wait(for: "mqtt: the broker localhost:\(tlsPort) cannot be reached yet", within: 30)
        XCTAssertFalse(untrustingLog.text.contains("mqtt: connected"), untrustingLog.text)
        kill(untrusting.processIdentifier, SIGKILL)
        untrusting.waitUntilExit()

        // With the broker's CA: connected over TLS, discovered, pressed.
        let root = try XCTUnwrap(root)
        try Data(try manifest(caFile: certificate.path).utf8).write(to: root.appendingPathComponent(".config/home-companion/manifest.json"))
        let (agent, output) = try home.start(["agent", "--interval", "60"])
        keep(agent)
        let log = AgentLog(output)
        try await log.wait(for: "mqtt: connected to localhost:\(tlsPort)", within: 30)
        let entity = try await Self.discovered("tls_press", server, "the button discovered over TLS")
        _ = try await HTTPExchange.send("POST", URL(string: server.url + "/api/services/button/press")!, token: server.token, json: ["entity_id": entity])
        let pressed = try await Self.waitForRecord(record, count: 1, "the press over TLS")
        XCTAssertEqual(pressed, ["PRESS"], log.text)
    }

    /// Publishes `message` as a client of the test's own and waits until the broker has it.
    /// The payloads the broker keeps retained on `topic` (what a new subscriber gets at once).
    private static func retained(on broker: MosquittoBroker, topic: String) async throws -> [String] {
        let messages = AsyncStream.makeStream(of: MQTTMessage.self)
        let settings = MQTTSettings(broker: try MQTTBroker(url: broker.url), clientID: "test-\(UUID().uuidString.prefix(6))", username: broker.username, password: broker.password)
        let client = try MQTTConnection(settings: settings, subscriptions: [topic], connected: {}, received: { messages.continuation.yield($0) }, logger: LogRecorder().logger())
        try client.start()
        try await Task.sleep(nanoseconds: 1_500_000_000)
        client.stop()
        messages.continuation.finish()
        var found: [String] = []
        for await message in messages.stream where message.retain { found.append(message.text ?? "") }
        return found
    }

    private static func publish(to broker: MosquittoBroker, _ message: MQTTMessage) async throws {
        let connected = AsyncStream.makeStream(of: Void.self)
        let settings = MQTTSettings(broker: try MQTTBroker(url: broker.url), clientID: "test-\(UUID().uuidString.prefix(6))", username: broker.username, password: broker.password)
        let client = try MQTTConnection(settings: settings, subscriptions: [], connected: { connected.continuation.yield() }, received: { _ in }, logger: LogRecorder().logger())
        try client.start()
        var iterator = connected.stream.makeAsyncIterator()
        _ = await iterator.next()
        try client.publish(message)
        try await Task.sleep(nanoseconds: 500_000_000)
        client.stop()
    }
}
