import Essentials
import Glibc
import XCTest

final class ChildProcessTests: XCTestCase {
    private func run(_ script: String, environment: [String: String]? = nil) throws -> (output: String, status: Int32, pid: pid_t) {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], environment: environment, output: .piped, error: .discarded)
        var output: [UInt8] = []
        while let descriptor = child.standardOutput {
            let chunk = child.read(descriptor)
            if chunk.isEmpty { break }
            output += chunk
        }
        return (String(decoding: output, as: UTF8.self), child.waitForExit(), child.processIdentifier)
    }

    func testTheChildGetsOnlyItsThreeDescriptors() throws {
        let inheritable = dup2(open("/dev/null", O_RDONLY), 100)
        defer { close(inheritable) }
        XCTAssertEqual(inheritable, 100)
        let listed = try run("ls /proc/$$/fd").output.split(separator: "\n").sorted()
        XCTAssertEqual(listed, ["0", "1", "2"], "a descriptor of ours reached the child")
    }

    func testExitStatusSignalEnvironmentAndProcessGroup() throws {
        XCTAssertEqual(try run("exit 7").status, 7)
        XCTAssertEqual(try run("kill -9 $$").status, 128 + 9)
        XCTAssertEqual(try run("printf %s \"$GREETING\"", environment: ["GREETING": "hello there"]).output, "hello there")
        let grouped = try run("cut -d' ' -f5 /proc/$$/stat")
        XCTAssertEqual(grouped.output.trimmingWhitespace(), "\(grouped.pid)", "the child leads a process group of its own")
        XCTAssertEqual(try run("read line; echo \"[$line]\"").output, "[]\n", "standard input is empty")
    }

    func testAProgramThatCannotStartIsAnError() {
        XCTAssertThrowsError(try ChildProcess(executable: "/nonexistent/program", arguments: [], output: .discarded, error: .discarded)) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/program cannot be started"), "\(error)")
        }
    }
}
