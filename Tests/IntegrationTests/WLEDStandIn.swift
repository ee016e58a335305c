import Foundation

/// tools/wled-standin.py on a loopback address of its own, port 80 as WLED (python-wled always
/// connects there): a WLED light for Home Assistant's wled integration to set up. Its request lines
/// are kept in a log file.
final class WLEDStandIn: @unchecked Sendable {
    let address: String
    private let process = Process()
    private let log: URL

    init() throws {
        address = "127.0.0.\(Int.random(in: 20...250))"
        log = FileManager.default.temporaryDirectory.appendingPathComponent("wled-\(UUID().uuidString).log")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [IntegrationEnvironment.repository.appendingPathComponent("tools/wled-standin.py").path, address, log.path]
        _ = try PeerLaunch.firstLine(of: process, output: Pipe(), name: "tools/wled-standin.py")
    }

    /// `METHOD PATH` of every request so far.
    var requests: [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "\""), let end = line[start.upperBound...].range(of: " HTTP/") else { return nil }
            return String(line[start.upperBound..<end.lowerBound])
        }
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
