import CLIKit
import CLIKitTestSupport
import Essentials
import XCTest
@testable import PushRelayCLI

final class PushRelayCommandTests: XCTestCase {
    private func run(_ arguments: [String]) async -> (ExitCode, ConsoleRecorder) {
        let recorder = ConsoleRecorder()
        return (await PushRelayApp.run(arguments, console: recorder.console(), environment: [:]), recorder)
    }

    func testVersionAndHelp() async {
        let (code, output) = await run(["--version"])
        XCTAssertEqual(code, .success)
        XCTAssertEqual(output.out, "push-relay 0.1.0\n")
        let (_, help) = await run(["--help"])
        XCTAssertTrue(help.out.contains("schedule"), help.out)
    }

    func testNoCommandIsAUsageError() async {
        let (code, output) = await run([])
        XCTAssertEqual(code, .usage)
        XCTAssertTrue(output.error.contains("valid commands: serve, schedule"), output.error)
    }

    func testServeRefusesBadSettingsNamingThem() async {
        let recorder = ConsoleRecorder()
        let code = await PushRelayApp.run(["serve", "--port", "70000"], console: recorder.console(), environment: [:])
        XCTAssertEqual(code, .usage)
        XCTAssertTrue(recorder.error.contains("--port needs a number in 0...65535"), recorder.error)
        let fromEnvironment = ConsoleRecorder()
        let badLimit = await PushRelayApp.run(["serve"], console: fromEnvironment.console(), environment: ["PUSH_RELAY_DAILY_LIMIT": "many"])
        XCTAssertEqual(badLimit, .usage)
        XCTAssertTrue(fromEnvironment.error.contains("PUSH_RELAY_DAILY_LIMIT must be a whole number"), fromEnvironment.error)
        let help = ConsoleRecorder()
        _ = await PushRelayApp.run(["serve", "--help"], console: help.console(), environment: [:])
        XCTAssertTrue(help.out.contains("ENVIRONMENT:\n  PUSH_RELAY_HOST "), help.out)
        XCTAssertTrue(help.out.contains("PUSH_RELAY_REDIS_URL"), help.out)
    }

    func testScheduleAsJSON() async throws {
        let fixed = Date(timeIntervalSince1970: 1_795_963_000)  // 2026-11-29T…Z
        let recorder = ConsoleRecorder()
        Current.now = { fixed }
        defer { Current = .live }
        let tool = CommandLineTool(root: ScheduleCommand(), version: "test")
        let code = await tool.run(["--json"], console: recorder.console())
        XCTAssertEqual(code, .success)
        XCTAssertEqual(recorder.out, """
        {
          "resetsAt" : "2026-11-30T00:00:00Z",
          "windowStart" : "2026-11-29T00:00:00Z"
        }

        """)
    }
}
