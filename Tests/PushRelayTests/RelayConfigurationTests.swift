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

    func testBadSettingsAreNamed() throws {
        var configuration = RelayConfiguration(dataFolder: folder)
        let cases: [(() throws -> Void, String)] = [
            ({ try configuration.apply(environment: ["PUSH_RELAY_PORT": "http"]) }, "PUSH_RELAY_PORT must be a whole number"),
            ({ try configuration.apply(environment: ["PUSH_RELAY_DATABASE": "relative.sqlite"]) }, "PUSH_RELAY_DATABASE must be an absolute path"),
            ({ try configuration.apply(environment: ["PUSH_RELAY_LOG_LEVEL": "loud"]) }, "PUSH_RELAY_LOG_LEVEL must be debug, info, warning or error, not 'loud'"),
            ({ try configuration.apply(file: try self.file(#"{"prot": 1}"#)) }, "unknown setting 'prot'"),
            ({ try configuration.apply(file: try self.file("[1]")) }, "must hold a JSON object"),
            ({ try configuration.apply(file: try self.file(#"{"port": 1"#)) }, "cannot be read"),
            ({ try configuration.apply(file: try self.file(#"{"port": true}"#)) }, "port must be a string, number or list"),
        ]
        for (apply, message) in cases {
            XCTAssertThrowsError(try apply()) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }
}
