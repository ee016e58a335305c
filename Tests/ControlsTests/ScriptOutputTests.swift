import Agent
import Essentials
import EssentialsTestSupport
import Foundation
@testable import ScriptSensorsPlugin
@testable import SystemControlsPlugin
import XCTest

/// What scripts and state commands print, read as values.
final class ScriptOutputTests: XCTestCase {
    func testJSONAndKeyValueOutputAreRead() throws {
        XCTAssertEqual(try ScriptOutput.values(#" {"age": 5, "ok": true, "name": "x"} "#), ["age": .integer(5), "ok": .bool(true), "name": .string("x")])
        XCTAssertEqual(try ScriptOutput.values("age = 5\nratio=0.5\nok=false\nnote=all good\n"), [
            "age": .integer(5), "ratio": .double(0.5), "ok": .bool(false), "note": .string("all good"),
        ])
        XCTAssertEqual(try ScriptOutput.values(""), [:])
    }

    func testOutputThatIsNeitherIsAnError() {
        for output in ["{not json", "[1, 2]", #"{"a": 1"#, "just words", "=5"] {
            XCTAssertThrowsError(try ScriptOutput.values(output), output)
        }
    }

    func testStateCommandsAreRead() {
        XCTAssertEqual(CommandControl.read("Volume: front-left: 32768 /  50% / -18.06 dB,   front-right: 32768 /  50%\n", as: .percent), "50")
        XCTAssertNil(CommandControl.read("no volume", as: .percent))
        XCTAssertEqual(CommandControl.read("Mute: yes\n", as: .yesNo), "ON")
        XCTAssertEqual(CommandControl.read("Mute: no\n", as: .yesNo), "OFF")
        XCTAssertEqual(CommandControl.read("  playing  \nmore", as: .text), "playing")
        XCTAssertEqual(CommandControl.read(String(repeating: "x", count: 1000), as: .text)?.count, 255)
    }

    func testAStreamingScriptsLinesAreTakenAndAnOverlongLineStopsIt() async throws {
        let logs = LogRecorder()
        let spec = try JSONDecoder().decode(ScriptSpec.self, from: Data(#"""
        {"id": "s", "command": ["/bin/sh", "-c", "echo n=1; sleep 0.2; echo n=2; sleep 30"], "mode": "stream", "interval": 60, "sensors": [{"key": "n"}]}
        """#.utf8))
        let runner = ScriptRunner(spec: spec, logger: logs.logger())
        defer { runner.stop() }
        _ = runner.value("n")
        let deadline = Date().addingTimeInterval(10)
        while runner.value("n") != .integer(2), Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertEqual(runner.value("n"), .integer(2), "each line as it comes")

        let flooding = try JSONDecoder().decode(ScriptSpec.self, from: Data(#"""
        {"id": "f", "command": ["/bin/sh", "-c", "echo n=1; head -c 10000 /dev/zero | tr '\\0' x; sleep 30"], "mode": "stream", "sensors": [{"key": "n"}]}
        """#.utf8))
        let stopped = ScriptRunner(spec: flooding, logger: logs.logger())
        defer { stopped.stop() }
        _ = stopped.value("n")
        let later = Date().addingTimeInterval(10)
        while !logs.messages.contains(where: { $0.contains("printed a line of more than 4096 bytes") }), Date() < later { try await Task.sleep(nanoseconds: 50_000_000) }
        XCTAssertNil(stopped.value("n"), "\(logs.messages)")
    }
}
