import Foundation

/// tools/otbr-standin.py: an OpenThread border router's REST API on loopback.
final class BorderRouterStandIn: @unchecked Sendable {
    let port: Int
    private let process: Process

    /// Starts the stand-in with `dataset` (hex) as its active dataset, its node `enabled`.
    init(dataset: String?, enabled: Bool) throws {
        process = PeerLaunch.venvScript("tools/otbr-standin.py", (dataset.map { ["--dataset", $0] } ?? []) + (enabled ? ["--enabled"] : []))
        let line = try PeerLaunch.firstLine(of: process, output: Pipe(), name: "tools/otbr-standin.py")
        guard let port = Int(line.split(separator: " ").last ?? "") else { throw WebSocketPeerError(message: "the stand-in printed no port: \(line)") }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Stops it (SIGKILL: a peer may have SIGTERM blocked).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
