import Essentials
import FoundationEssentials
import Glibc

/// A listening socket on 127.0.0.1 for the browser's redirect (RFC 8252, section 7.3): it
/// answers one request at a time with a small page, and only ever binds the loopback address.
final class LoopbackListener: @unchecked Sendable {
    /// How long one browser connection may take to send its request.
    static let requestTimeout: Double = 5

    let port: Int
    private let descriptor: Int32
    private let lock = Lock()
    private var closed = false

    /// Binds a free port on 127.0.0.1.
    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw AuthError.listenerFailed(String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && listen(socket, 8) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else {
            let reason = String(cString: strerror(errno))
            Glibc.close(socket)
            throw AuthError.listenerFailed(reason)
        }
        descriptor = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits up to `timeout` seconds for a request to `path`, answering others with 404 and
    /// unreadable ones with 400. `respond` turns the request into the status and page sent back.
    func waitForRequest(to path: String, timeout: Double, respond: (RedirectRequest) -> (Int, String)) throws -> RedirectRequest {
        let deadline = Deadline(in: timeout)
        while true {
            let remaining = deadline.remaining
            guard remaining > 0, !isClosed else { throw AuthError.timedOut(seconds: timeout) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining, 1) * 1000))
            guard ready > 0 else { continue }
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { continue }
            defer { Glibc.close(connection) }
            let request: RedirectRequest
            do {
                request = try RedirectRequest(parsing: Self.readHead(from: connection))
            } catch {
                Self.reply(on: connection, status: 400, text: "This is HomeCompanion's sign-in listener; it could not read the request (\(error)).")
                continue
            }
            guard request.path == path else {
                Self.reply(on: connection, status: 404, text: "Nothing here; HomeCompanion waits for the sign-in at \(path).")
                continue
            }
            let (status, text) = respond(request)
            Self.reply(on: connection, status: status, text: text)
            return request
        }
    }

    /// Stops listening; a wait in progress ends at its next poll.
    ///
    /// The descriptor is released only in `deinit`: a wait on another thread may still poll it,
    /// and released here its number could already belong to the next socket the process opens.
    func close() {
        let first = lock.withLock { () -> Bool in
            defer { closed = true }
            return !closed
        }
        if first { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    private var isClosed: Bool { lock.withLock { closed } }

    deinit { Glibc.close(descriptor) }

    /// Reads up to the end of the head, at most the head limit plus one read, within the request timeout.
    private static func readHead(from connection: Int32) throws -> [UInt8] {
        var timeout = timeval(tv_sec: Int(requestTimeout), tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while RedirectRequest.headEnd(in: bytes) == nil && bytes.count <= RedirectRequest.maximumHeadSize {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    private static func reply(on connection: Int32, status: Int, text: String) {
        let escaped = text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
        let page = "<!doctype html><meta charset=utf-8><title>HomeCompanion</title><p>\(escaped)</p>\n"
        let reason = [200: "OK", 400: "Bad Request", 404: "Not Found"][status] ?? "Error"
        let head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(page.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        let bytes = Array((head + page).utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
