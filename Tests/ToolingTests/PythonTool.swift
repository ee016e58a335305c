import Foundation

/// Runs one of the repository's Python tools (tools/lint, tools/docs, tools/test-selection).
struct PythonTool {
    /// The repository this file is in.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The tool's path under tools/.
    let name: String

    /// Its exit status, standard output and standard error for `arguments`.
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.repository.appendingPathComponent("tools/\(name)").path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
