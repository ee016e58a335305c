import Foundation

/// tools/otbr-standin.py: an OpenThread border router's REST API on loopback.
final class BorderRouterStandIn: @unchecked Sendable {
    let port: Int
    private let process = Process()

    /// Starts the stand-in with `dataset` (hex) as its active dataset, its node `enabled`.
    init(dataset: String?, enabled: Bool) throws {
        let output = Pipe()
        process.executableURL = IntegrationEnvironment.repository.appendingPathComponent("tools/ha-server")
        process.arguments = ["python", IntegrationEnvironment.repository.appendingPathComponent("tools/otbr-standin.py").path]
            + (dataset.map { ["--dataset", $0] } ?? []) + (enabled ? ["--enabled"] : [])
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var buffer = ""
        while !buffer.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw WebSocketPeerError(message: "tools/otbr-standin.py exited before listening") }
            buffer += String(decoding: data, as: UTF8.self)
        }
        guard let port = Int(buffer.split(separator: "\n")[0].split(separator: " ").last ?? "") else {
            throw WebSocketPeerError(message: "the stand-in printed no port: \(buffer)")
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops it (SIGKILL: a peer may have SIGTERM blocked).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
