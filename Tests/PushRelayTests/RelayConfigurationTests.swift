import Foundation
import PushRelay
import XCTest

/// Settings: defaults < config file < environment; bad values named.
final class RelayConfigurationTests: XCTestCase {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-config-\(UUID().uuidString)")

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func file(_ json: String) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("relay.json")
        try Data(json.utf8).write(to: url)
        return url
    }

    func testDefaultsAreLoopbackAndTheDataFolder() {
        let configuration = RelayConfiguration(dataFolder: folder)
        XCTAssertEqual(configuration.http.host, "127.0.0.1")
        XCTAssertEqual(configuration.dailyLimit, 1000)
        XCTAssertEqual(configuration.http.maximumBodySize, 65_536)
        XCTAssertEqual(configuration.database, folder.appendingPathComponent("push-relay.sqlite"))
    }

    func testTheEnvironmentOverridesTheFileWhichOverridesDefaults() throws {
        var configuration = RelayConfiguration(dataFolder: folder)
        try configuration.apply(file: try file(#"{"port": 9000, "daily_limit": 5, "allowed_app_ids": ["a", "b"], "database": "/tmp/relay.sqlite"}"#))
        try configuration.apply(environment: ["PUSH_RELAY_PORT": "9100", "PUSH_RELAY_THREADS": "8", "UNRELATED": "x"])
        XCTAssertEqual(configuration.http.port, 9100)
        XCTAssertEqual(configuration.http.threads, 8)
        XCTAssertEqual(configuration.dailyLimit, 5)
        XCTAssertEqual(configuration.allowedAppIDs, ["a", "b"])
        XCTAssertEqual(configuration.database.path, "/tmp/relay.sqlite")
    }

    func testThreadsAreOnePerProcessorOrTwoWithRedisUnlessConfigured() throws {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        var configuration = RelayConfiguration(dataFolder: folder)
        XCTAssertNil(configuration.http.threads)
        XCTAssertEqual(configuration.serverOptions.threads, processors)
        try configuration.apply(environment: ["PUSH_RELAY_REDIS_URL": "redis://127.0.0.1:6379/0"])
        XCTAssertEqual(configuration.serverOptions.threads, 2 * processors)
        try configuration.apply(environment: ["PUSH_RELAY_THREADS": "3"])
        XCTAssertEqual(configuration.serverOptions.threads, 3)
        XCTAssertEqual(configuration.serverOptions.port, configuration.http.port)
    }

    func testSwitchesAndBudgetsFromAFile() throws {
        var configuration = RelayConfiguration(dataFolder: folder)
        try configuration.apply(file: try file(#"{"metrics_public": true, "input_budget_mib": 8, "connections_total": 100}"#))
        XCTAssertTrue(configuration.metricsPublic)
        XCTAssertEqual(configuration.http.inputBudget, 8 << 20)
        XCTAssertEqual(configuration.http.connectionLimit, 100)
    }

    func testBadSettingsAreNamed() throws {
        var configuration = RelayConfiguration(dataFolder: folder)
        let cases: [(() throws -> Void, String)] = [
            ({ try configuration.apply(environment: ["PUSH_RELAY_PORT": "http"]) }, "PUSH_RELAY_PORT must be a whole number"),
            ({ try configuration.apply(environment: ["PUSH_RELAY_DATABASE": "relative.sqlite"]) }, "PUSH_RELAY_DATABASE must be an absolute path"),
            ({ try configuration.apply(environment: ["PUSH_RELAY_LOG_LEVEL": "loud"]) }, "PUSH_RELAY_LOG_LEVEL must be debug, info, warning or error, not 'loud'"),
            ({ try configuration.apply(file: try self.file(#"{"prot": 1}"#)) }, "unknown setting 'prot'"),
            ({ try configuration.apply(file: try self.file("[1]")) }, "must hold a JSON object"),
            ({ try configuration.apply(file: try self.file(#"{"port": 1"#)) }, "cannot be read"),
            ({ try configuration.apply(file: try self.file(#"{"port": {}}"#)) }, "port must be a string, number, true or false, or list"),
            ({ try configuration.apply(file: try self.file(#"{"port": true}"#)) }, "port must be a whole number in 0...65535, not 'true'"),
            ({ try configuration.apply(environment: ["PUSH_RELAY_METRICS_PUBLIC": "yes"]) }, "PUSH_RELAY_METRICS_PUBLIC must be true or false, not 'yes'"),
            ({ try configuration.apply(environment: ["PUSH_RELAY_INPUT_BUDGET_MIB": "0"]) }, "PUSH_RELAY_INPUT_BUDGET_MIB must be a whole number in 1...65536"),
        ]
        for (apply, message) in cases {
            XCTAssertThrowsError(try apply()) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }
}
