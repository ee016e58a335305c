import Essentials
import Foundation
import HAModels
import Networking
import XCTest

/// The connection and the entity store against the real Home Assistant.
final class HomeAssistantConnectionTests: XCTestCase {
    private let fast = ConnectionOptions(reconnectDelay: 0.2, maximumReconnectDelay: 1, pingInterval: 5, pingTimeout: 5, requestRetryWindow: 60)

    private func connect(_ server: IntegrationEnvironment) async throws -> (HomeAssistantConnection, EntityStore, RESTClient) {
        let address = try ServerAddress(server.url)
        let connection = HomeAssistantConnection(address: address, tokenProvider: StaticTokenProvider(server.token), options: fast)
        await connection.start()
        let store = EntityStore(connection: connection)
        await store.start()
        return (connection, store, RESTClient(address: address, tokenProvider: StaticTokenProvider(server.token)))
    }

    /// Compares the store with `get_states`, retrying briefly while demo entities settle.
    private func assertStoreEqualsGetStates(_ connection: HomeAssistantConnection, _ store: EntityStore, file: StaticString = #filePath, line: UInt = #line) async throws {
        var difference: [String] = []
        for _ in 0..<20 {
            let result = try await connection.send("get_states")
            let expected = Dictionary(uniqueKeysWithValues: try JSONValueDecoder().decode([EntityState].self, from: result).map { ($0.entityID, $0) })
            let actual = store.all
            difference = Set(expected.keys).union(actual.keys).filter { expected[$0] != actual[$0] }.sorted()
            if difference.isEmpty { return }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        XCTFail("the store differs from get_states for \(difference.prefix(5))", file: file, line: line)
    }

    func testMirrorsALightTurnedOn() async throws {
        let server = try IntegrationEnvironment.require()
        let (connection, store, rest) = try await connect(server)
        try await within(30, "the first snapshot") { await store.waitForSnapshot() }
        let count = store.all.count
        XCTAssertGreaterThanOrEqual(count, 90)
        let changes = await store.changes(of: ["light.kitchen_lights"])
        // A brightness the light does not have yet, so turning it on is a change.
        let current = await store.state(of: "light.kitchen_lights")?.attributes["brightness"]
        let brightness = (10...250).map(Int64.init).filter { JSONValue.integer($0) != current }.randomElement() ?? 42
        _ = try await connection.send("call_service", [
            "domain": .string("light"), "service": .string("turn_on"),
            "service_data": .object(["brightness": .integer(brightness)]), "target": .object(["entity_id": .string("light.kitchen_lights")]),
        ])
        let arrived = try await within(30, "the light's change") { () -> EntityState? in
            for await change in changes where change.newState?.attributes["brightness"] == .integer(brightness) {
                return change.newState
            }
            return nil
        }
        XCTAssertEqual(arrived?.state, "on")
        let fetched = try await rest.state(of: "light.kitchen_lights")
        XCTAssertEqual(fetched, arrived)
        await connection.stop()
    }

    func testStoreEqualsGetStatesAfterAStormOfWrites() async throws {
        let server = try IntegrationEnvironment.require()
        let (connection, store, rest) = try await connect(server)
        try await within(30, "the first snapshot") { await store.waitForSnapshot() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<75 {
                        try await rest.setState("sensor.storm_\(worker)_\(round % 15)", state: "\(round)", attributes: [
                            "round": .integer(Int64(round)), "ratio": .double(Double(round) / 2), "tags": .array([.string("storm"), .null]),
                        ])
                    }
                }
            }
            try await group.waitForAll()
        }
        let sentinel = UUID().uuidString
        try await rest.setState("sensor.storm_sentinel", state: sentinel)
        for _ in 0..<100 where await store.state(of: "sensor.storm_sentinel")?.state != sentinel {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let last = await store.state(of: "sensor.storm_0_14")
        XCTAssertEqual(last?.state, "74")
        try await assertStoreEqualsGetStates(connection, store)
        await connection.stop()
    }

    func testComesBackAfterTheServerRestartsAndResubscribes() async throws {
        let server = try IntegrationEnvironment.require()
        let (connection, store, _) = try await connect(server)
        let states = await StateRecorder(connection)
        try await within(30, "the first snapshot") { await store.waitForSnapshot() }
        try await runTool("tools/ha-server", "stop")
        let down = await states.wait { if case .disconnected = $0 { true } else { false } }
        XCTAssertNotNil(down, "the connection noticed the server stopping")
        let waiting = Task { try await connection.send("get_config") }
        try await runTool("tools/ha-server", "start")
        let ready = await states.wait(from: 2, timeout: 120) { if case .ready = $0 { true } else { false } }
        XCTAssertEqual(ready, .ready(version: "2024.3.3"))
        let config = try await within(60, "the request made while down") { try await waiting.value }
        XCTAssertEqual(config.objectValue?["version"], .string("2024.3.3"), "a request made while down waited and went through")
        try await within(60, "the snapshot after reconnecting") { await store.waitForSnapshot(2) }
        try await assertStoreEqualsGetStates(connection, store)
        await connection.stop()
    }

    func testServerErrorsAreTyped() async throws {
        let server = try IntegrationEnvironment.require()
        let (connection, _, rest) = try await connect(server)
        do {
            _ = try await connection.send("no_such_command")
            XCTFail("an unknown command succeeded")
        } catch HomeAssistantError.server(let error) {
            XCTAssertEqual(error.code, "unknown_command")
        }
        do {
            _ = try await rest.state(of: "sensor.does_not_exist")
            XCTFail("a missing entity was found")
        } catch RESTError.notFound(let path) {
            XCTAssertEqual(path, "/api/states/sensor.does_not_exist")
        }
        let unauthorized = RESTClient(address: rest.address, tokenProvider: StaticTokenProvider("bad"))
        do {
            _ = try await unauthorized.apiStatus()
            XCTFail("a bad token was accepted")
        } catch RESTError.unauthorized {}
        await connection.stop()
    }

    func testARejectedTokenIsRefreshedOnceThenTheConnectionStops() async throws {
        let server = try IntegrationEnvironment.require()
        let provider = CountingTokenProvider("not-a-valid-token")
        let connection = HomeAssistantConnection(address: try ServerAddress(server.url), tokenProvider: provider, options: fast)
        let states = await StateRecorder(connection)
        await connection.start()
        let final = await states.wait { if case .disconnected(.authenticationFailed?) = $0 { true } else { false } }
        XCTAssertNotNil(final)
        XCTAssertEqual(provider.refreshRequests, [false, true])
        do {
            _ = try await connection.send("get_config")
            XCTFail("a stopped connection answered")
        } catch HomeAssistantError.stopped {}
    }

    /// Runs a tool of the repository on a thread of its own and waits for its exit status.
    ///
    /// posix_spawn and waitpid rather than Process: the tool leaves Home Assistant running in the
    /// background, and Process's exit monitoring did not report the tool's own exit then.
    private func runTool(_ arguments: String...) async throws {
        let path = IntegrationEnvironment.repository.appendingPathComponent(arguments[0]).path
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var pid: pid_t = 0
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                let argv = ([path] + arguments.dropFirst()).map { strdup($0) } + [nil]
                defer { argv.forEach { free($0) } }
                guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
                    continuation.resume(returning: -1)
                    return
                }
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                posix_spawn_file_actions_destroy(&actions)
                continuation.resume(returning: status)
            }
        }
        XCTAssertEqual(status, 0, "\(arguments) failed")
    }
}
