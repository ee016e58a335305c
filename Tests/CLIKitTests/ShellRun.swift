import Foundation
import XCTest

/// Runs a shell (bash, zsh, fish) on a script, for the completion tests.
enum ShellRun {
    /// The standard output of `shell -c script`; the test fails when the shell is missing or fails.
    static func output(_ shell: String, _ script: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = "/usr/bin/\(shell)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(path) is missing; tools/setup installs it", file: file, line: line)
            return ""
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "TERM": "dumb"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(shell) failed: \(errors)", file: file, line: line)
        return String(decoding: data, as: UTF8.self)
    }
}
