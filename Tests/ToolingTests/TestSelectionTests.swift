import Foundation
import XCTest

/// tools/test-selection: which tests `tools/test NAME` runs for a module, a plugin target or a plugin id.
final class TestSelectionTests: XCTestCase {
    private func select(_ name: String) throws -> (status: Int32, lines: [String], error: String) {
        let result = try PythonTool(name: "test-selection").run([name])
        return (result.status, result.out.split(separator: "\n").map(String.init), result.error)
    }

    func testAModuleSelectsItsTestTargetsAndTheIntegrationTestsThatImportIt() throws {
        let result = try select("Transport")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.lines.first, "Transport")
        let filter = try XCTUnwrap(result.lines.dropFirst().first)
        XCTAssertTrue(filter.contains("TransportTests\\."), filter)
        XCTAssertTrue(filter.contains("IntegrationTests\\.WebSocketConformanceTests/"), filter)
        XCTAssertFalse(filter.contains("PushRelayTests"), "the relay does not use Transport: \(filter)")
        XCTAssertEqual(result.lines.last, "integration")
    }

    func testAPluginIdSelectsTheTestsThatRunItsCommands() throws {
        let result = try select("thread")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.lines.first, "ThreadPlugin")
        XCTAssertTrue(result.lines[1].contains("IntegrationTests\\.ThreadCommandTests/"), result.lines[1])
    }

    func testAUnitOnlyModuleNeedsNoServer() throws {
        let result = try select("HADesignTokens")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.lines.last, "unit")
    }

    func testAnUnknownNameListsTheChoices() throws {
        let result = try select("nowhere")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.contains("no target or plugin 'nowhere'; targets: Agent, "), result.error)
    }
}
