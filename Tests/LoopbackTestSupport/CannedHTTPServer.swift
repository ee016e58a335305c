import Foundation

/// A loopback TCP server that answers every connection with the same scripted bytes, for tests of
/// HTTP clients against answers no real server would give: split, truncated, oversized, slow or
/// none at all. It records each request it read (head and body).
public final class CannedHTTPServer: @unchecked Sendable {
    /// One step of the answer: bytes to write, or a pause.
    public enum Step: Sendable {
        case send(String)
        case sendBytes([UInt8])
        case pause(Double)
    }

    public let port: Int
    private let listener: Int32
    private let steps: [Step]
    private let closesAfterAnswer: Bool
    private let lock = NSLock()
    private var received: [String] = []
    private var stopped = false

    /// Starts listening; after its steps the server closes the connection unless `closesAfterAnswer`
    /// is false, in which case it holds the connection until stopped.
    public init(steps: [Step], closesAfterAnswer: Bool = true) throws {
        self.steps = steps
        self.closesAfterAnswer = closesAfterAnswer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// The requests read so far, each as text (head, blank line, body).
    public var requests: [String] { lock.withLock { received } }

    /// Stops accepting and closes the listener, once: `deinit` calls this again when the last
    /// answering thread lets go of the server, and by then the listener's descriptor number may
    /// belong to another test's socket, which a second close would shut (the "Connection
    /// refused" a later test saw).
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in answer(connection) }
        }
    }

    private func answer(_ connection: Int32) {
        defer { close(connection) }
        let request = readRequest(connection)
        lock.withLock { received.append(request) }
        for step in steps {
            switch step {
            case .send(let text): write(Array(text.utf8), to: connection)
            case .sendBytes(let bytes): write(bytes, to: connection)
            case .pause(let seconds): Thread.sleep(forTimeInterval: seconds)
            }
        }
        while !closesAfterAnswer && !isStopped { Thread.sleep(forTimeInterval: 0.05) }
    }

    private func write(_ bytes: [UInt8], to connection: Int32) {
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads the head and as much body as its Content-Length says.
    private func readRequest(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let length = text[..<end.lowerBound].split(separator: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { return text }
            }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return text }
            bytes += buffer[..<count]
        }
    }
}
