import Foundation

/// A TCP forwarder on a fixed loopback port to another port: stopping it makes the server behind
/// it unreachable for clients that use its address, and starting it again brings it back.
final class LoopbackProxy: @unchecked Sendable {
    let port: Int
    private let target: Int
    // Guarded by `lock`.
    private var listener: Int32 = -1
    private var connections: [Int32] = []
    private let lock = NSLock()

    init(target: Int) throws {
        self.target = target
        port = try LoopbackPort.free()
    }

    func start() throws {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound, listen(socket, 16) == 0 else { throw HTTPExchangeError(message: "the proxy cannot listen on \(port)") }
        lock.withLock { listener = socket }
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                let upstream = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var server = Self.address(target)
                let connected = withUnsafePointer(to: &server) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
                }
                guard connected else { close(client); close(upstream); continue }
                lock.withLock { connections += [client, upstream] }
                Thread.detachNewThread { Self.pump(from: client, to: upstream) }
                Thread.detachNewThread { Self.pump(from: upstream, to: client) }
            }
        }
    }

    /// Stops listening and cuts every connection.
    func stop() {
        let open = lock.withLock { () -> [Int32] in
            defer { listener = -1; connections = [] }
            return [listener] + connections
        }
        for descriptor in open where descriptor >= 0 {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    private static func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            let sent = buffer.withUnsafeBytes { send(destination, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            guard sent == count else { break }
        }
        shutdown(destination, Int32(SHUT_WR))
    }

    private static func address(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
