import Foundation
import XCTest

/// The Home Assistant that tools/ha-server started, read from its KEY=value variables.
///
/// Without the variables the tests skip, unless `HC_REQUIRE_INTEGRATION=1` (set by .ci/run),
/// in which case a missing server is a failure.
struct IntegrationEnvironment {
    let url: String
    let token: String
    let username: String
    let password: String
    /// The server's configuration folder; its log is `../hass.log`.
    let configDirectory: String

    static func require(file: StaticString = #filePath, line: UInt = #line) throws -> IntegrationEnvironment {
        let environment = ProcessInfo.processInfo.environment
        let names = ["HA_URL", "HA_TOKEN", "HA_USERNAME", "HA_PASSWORD", "HA_CONFIG_DIR"]
        let values = names.compactMap { environment[$0].flatMap { $0.isEmpty ? nil : $0 } }
        guard values.count == names.count else {
            let message = "no Home Assistant: run `set -a; eval \"$(tools/ha-server start)\"; set +a` to export \(names.joined(separator: ", "))"
            if environment["HC_REQUIRE_INTEGRATION"] == "1" {
                XCTFail(message + " (HC_REQUIRE_INTEGRATION=1 makes this a failure)", file: file, line: line)
                throw XCTSkip("failed above: " + message)
            }
            throw XCTSkip(message)
        }
        return IntegrationEnvironment(url: values[0], token: values[1], username: values[2], password: values[3], configDirectory: values[4])
    }

    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
