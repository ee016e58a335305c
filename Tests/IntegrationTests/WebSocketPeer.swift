import Foundation
import XCTest

/// tools/ws-peer.py running in the background for one test, on loopback.
final class WebSocketPeer: @unchecked Sendable {
    let port: Int
    let plainPort: Int
    let tlsPort: Int?
    private let process: Process
    private let output: PipeOutput

    /// Starts the peer; with a certificate and key it also serves wss://.
    init(certificate: URL? = nil, key: URL? = nil) throws {
        process = Process()
        process.executableURL = IntegrationEnvironment.repository.appendingPathComponent("tools/ha-server")
        process.arguments = ["python", IntegrationEnvironment.repository.appendingPathComponent("tools/ws-peer.py").path]
            + [certificate, key].compactMap { $0?.path }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        output = PipeOutput(pipe)
        let wanted = certificate == nil ? 2 : 3
        var ports: [String: Int] = [:]
        while ports.count < wanted {
            let ended = output.ended
            for line in output.completeLines {
                let parts = line.split(separator: " ")
                if parts.count == 2, let number = Int(parts[1]) { ports[String(parts[0])] = number }
            }
            guard ports.count < wanted else { break }
            if ended { throw WebSocketPeerError(message: "tools/ws-peer.py exited before listening") }
            Thread.sleep(forTimeInterval: 0.01)
        }
        port = ports["port"] ?? 0
        plainPort = ports["plain-port"] ?? 0
        tlsPort = ports["tls-port"]
    }

    /// The close code the peer received from the client on `path`, waiting up to 5 seconds for it.
    func closeCodeReceived(on path: String) -> String? {
        for _ in 0..<100 {
            if let line = output.completeLines.last(where: { $0.hasPrefix("closed \(path) ") }) {
                return String(line.split(separator: " ")[2])
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// The first line the peer printed that starts with `prefix`, waiting up to `seconds` for it.
    func line(startingWith prefix: String, seconds: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = output.completeLines.first(where: { $0.hasPrefix(prefix) }) { return line }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    func url(_ path: String, plain: Bool = false) -> URL {
        URL(string: "ws://127.0.0.1:\(plain ? plainPort : port)\(path)")!
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
