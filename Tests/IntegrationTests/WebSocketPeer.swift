import Foundation
import XCTest

/// tools/ws-peer.py running in the background for one test, on loopback.
final class WebSocketPeer: @unchecked Sendable {
    let port: Int
    let plainPort: Int
    let tlsPort: Int?
    private let process: Process
    private let output: Pipe
    private var lines: [String] = []
    private let lock = NSLock()

    /// Starts the peer; with a certificate and key it also serves wss://.
    init(certificate: URL? = nil, key: URL? = nil) throws {
        process = Process()
        process.executableURL = IntegrationEnvironment.repository.appendingPathComponent("tools/ha-server")
        process.arguments = ["python", IntegrationEnvironment.repository.appendingPathComponent("tools/ws-peer.py").path]
            + [certificate, key].compactMap { $0?.path }
        output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var ports: [String: Int] = [:]
        var buffer = ""
        let wanted = certificate == nil ? 2 : 3
        while ports.count < wanted {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw WebSocketPeerError(message: "tools/ws-peer.py exited before listening") }
            buffer += String(decoding: data, as: UTF8.self)
            for line in buffer.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2, let number = Int(parts[1]) { ports[String(parts[0])] = number }
            }
        }
        port = ports["port"] ?? 0
        plainPort = ports["plain-port"] ?? 0
        tlsPort = ports["tls-port"]
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            self?.lock.withLock { self?.lines += text.split(separator: "\n").map(String.init) }
        }
    }

    /// The close code the peer received from the client on `path`, waiting up to 5 seconds for it.
    func closeCodeReceived(on path: String) -> String? {
        for _ in 0..<100 {
            if let line = lock.withLock({ lines.last { $0.hasPrefix("closed \(path) ") } }) {
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
            if let line = lock.withLock({ lines.first { $0.hasPrefix(prefix) } }) { return line }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    func url(_ path: String, plain: Bool = false) -> URL {
        URL(string: "ws://127.0.0.1:\(plain ? plainPort : port)\(path)")!
    }

    deinit {
        output.fileHandleForReading.readabilityHandler = nil
        process.terminate()
        process.waitUntilExit()
    }
}
