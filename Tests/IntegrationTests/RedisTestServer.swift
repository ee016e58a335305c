import Foundation
import LoopbackTestSupport

/// A real redis-server on a free loopback port for one test, with nothing saved to disk.
final class RedisTestServer {
    let port: Int
    private let process = Process()

    init() throws {
        port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if Self.answers(port) { return }
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

    private static func answers(_ port: Int) -> Bool {
        (try? RawConnection(port: port)) != nil
    }

    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw HTTPExchangeError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
