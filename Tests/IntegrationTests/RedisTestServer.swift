import Foundation
import LoopbackTestSupport

/// A real redis-server on a free loopback port for one test, with nothing saved to disk.
final class RedisTestServer {
    let port: Int
    private let process = Process()

    init() throws {
        port = try LoopbackPort.free()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
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

    var url: String { "redis://127.0.0.1:\(port)/0" }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }
}
