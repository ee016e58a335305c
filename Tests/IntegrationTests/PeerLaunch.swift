import Foundation

/// Starts a helper process (a peer, a stand-in, a simulator) and waits for the first line it
/// prints, where each tells its port or path.
enum PeerLaunch {
    /// Runs `process` with its standard output on `output`; the first line, without its newline.
    static func firstLine(of process: Process, output: Pipe, name: String) throws -> String {
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var buffer = ""
        while !buffer.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw WebSocketPeerError(message: "\(name) exited before it was ready") }
            buffer += String(decoding: data, as: UTF8.self)
        }
        return String(buffer.split(separator: "\n", omittingEmptySubsequences: false)[0])
    }

    /// A tools/ script run with the test server's venv Python.
    static func venvScript(_ script: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = IntegrationEnvironment.repository.appendingPathComponent("tools/ha-server")
        process.arguments = ["python", IntegrationEnvironment.repository.appendingPathComponent(script).path] + arguments
        return process
    }
}
