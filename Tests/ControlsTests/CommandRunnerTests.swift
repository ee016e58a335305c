import Agent
import Foundation
import XCTest

/// Commands of the user's: argument lists, bounded in time and output.
final class CommandRunnerTests: XCTestCase {
    func testTheValueReachesTheCommandWithoutAShell() async throws {
        let printed = try await CommandRunner.run(["/bin/sh", "-c", "echo \"[$1] [$HOME_CONTROL_VALUE]\"", "sh", "{value}"], value: "42; echo no", timeout: 5)
        XCTAssertEqual(printed, "[42; echo no] [42; echo no]\n", "the value is one argument, never shell text")
        let percent = try await CommandRunner.run(["/bin/echo", "{value}%", "a{value}"], value: "5", timeout: 5)
        XCTAssertEqual(percent, "5% a{value}\n")
    }

    func testAFailureAHangAFloodAndAMissingProgramAreErrors() async {
        await assertFails(["/bin/sh", "-c", "echo oops >&2; exit 3"], "exited with status 3: oops")
        await assertFails(["/bin/sh", "-c", "sleep 10; echo late"], "took longer than 0.3 s and was stopped", timeout: 0.3)
        await assertFails(["/usr/bin/yes"], "wrote more than 64 KiB and was stopped")
        await assertFails(["/nonexistent/program"], "cannot be started")
        await assertFails([], "no command")
    }

    func testTheCompanionsSecretsAreNotInTheCommandsEnvironment() async throws {
        setenv("HOME_TOKEN", "a-token-the-command-must-not-see", 1)
        setenv("HOME_RELAY_KEY", "a-relay-key-the-command-must-not-see", 1)
        defer {
            unsetenv("HOME_TOKEN")
            unsetenv("HOME_RELAY_KEY")
        }
        let printed = try await CommandRunner.run(["/bin/sh", "-c", "echo \"[${HOME_TOKEN-unset}] [${HOME_RELAY_KEY-unset}] [$HOME_CONTROL_VALUE]\""], value: "1", timeout: 5)
        XCTAssertEqual(printed, "[unset] [unset] [1]\n")
    }

    func testATimeoutStopsWhatTheCommandStartedEvenAfterTheCommandEnded() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("grandchild-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        // The shell ends at once; the sleep it started keeps the output open.
        await assertFails(["/bin/sh", "-c", "sleep 30 & echo $! > \(pidFile.path); exit 0"], "took longer than 0.5 s and was stopped", timeout: 0.5)
        let pid = try XCTUnwrap(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed (SIGKILL lands when the process next runs): gone, or a zombie until its new parent reaps it.
        func state() -> Substring? { (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first }
        for _ in 0..<100 where !(state() == nil || state() == "Z") { usleep(20_000) }
        XCTAssertTrue(state() == nil || state() == "Z", "the grandchild \(pid) still runs (state \(state() ?? "-"))")
    }

    private func assertFails(_ arguments: [String], _ reason: String, timeout: Double = 5, line: UInt = #line) async {
        do {
            _ = try await CommandRunner.run(arguments, value: nil, timeout: timeout)
            XCTFail("\(arguments) succeeded", line: line)
        } catch {
            XCTAssertTrue("\(error)".contains(reason), "\(error)", line: line)
        }
    }
}
