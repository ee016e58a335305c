import Foundation

/// A `push-relay serve` process (the built executable) on a free port, for scale-out tests.
final class RelayProcess {
    let port: Int
    private let process = Process()
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-process-\(UUID().uuidString)")

    init(environment: [String: String]) throws {
        let executable = IntegrationEnvironment.repository.appendingPathComponent(".build/debug/push-relay")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw HTTPExchangeError(message: "\(executable.path) is missing: run swift build --product push-relay")
        }
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0"]
        process.environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let text = try PeerLaunch.firstLine(of: process, output: Pipe(), name: "push-relay")
        guard let range = text.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
              let port = Int(text[range].split(separator: ":")[1]) else {
            throw HTTPExchangeError(message: "push-relay printed no port: \(text)")
        }
        self.port = port
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Registers a device with the relay; its push token and stream secret.
    func register() async throws -> (token: String, secret: String) {
        let answer = try await HTTPExchange.send("POST", url("/push/register"), json: [:])
        let object = try answer.object()
        guard answer.status == 201, let token = object["push_token"] as? String, let secret = object["stream_secret"] as? String else {
            throw HTTPExchangeError(message: "the relay did not register a device: \(answer.status) \(object)")
        }
        return (token, secret)
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }
}
