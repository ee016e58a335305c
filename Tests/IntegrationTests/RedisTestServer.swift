import Foundation
import LoopbackTestSupport

/// A real redis-server on a free loopback port for one test, with nothing saved to disk; with a
/// password (`requirepass`) and TLS only (`tls-port`, the plain port closed) when asked.
final class RedisTestServer {
    let port: Int
    let usesTLS: Bool
    private let process = Process()

    init(password: String? = nil, tls: TestCertificate? = nil) throws {
        port = try LoopbackPort.free()
        usesTLS = tls != nil
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = ["--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
            + (tls.map { ["--port", "0", "--tls-port", String(port), "--tls-cert-file", $0.certificate, "--tls-key-file", $0.key, "--tls-auth-clients", "no"] }
                ?? ["--port", String(port)])
            + (password.map { ["--requirepass", $0] } ?? [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if LoopbackPort.answers(port) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw HTTPExchangeError(message: "redis-server did not listen on \(port)")
    }

    var url: String { "\(usesTLS ? "rediss" : "redis")://127.0.0.1:\(port)/0" }

    func stop() {
        guard process.isRunning else { return }
        // SIGKILL: nothing is saved anyway, and a Redis that waits on something cannot hold the test.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
