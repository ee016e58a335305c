import Foundation

/// A plain TCP connection to a loopback port, for tests that need control over the bytes: event
/// streams read as they come, slow or truncated requests, and whether something listens.
public final class RawConnection {
    private let descriptor: Int32

    /// Connects to `port` on 127.0.0.1 from `source` (any address of 127.0.0.0/8, to act as
    /// another client), or from 127.0.0.1; or on `host` when given (such as `::1`).
    public init(port: Int, from source: String? = nil, host: String = "127.0.0.1") throws {
        let six = host.contains(":")
        descriptor = socket(six ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            // A failed init still runs deinit, which closes the socket.
            guard bound == 0 else { throw CocoaError(.fileReadUnknown) }
        }
        let connected: Int32
        if six {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { throw CocoaError(.fileReadUnknown) }
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr(host)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(descriptor) }

    /// Ends the connection both ways at once, as a client that died would.
    public func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    public func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    public func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends `bytes` again and again, as an attacker streaming framing would, until `total` bytes
    /// are out, the peer closes or resets the connection, or one send waits `stall` seconds (the
    /// peer stopped reading); how many bytes went out.
    public func flood(_ bytes: [UInt8], upTo total: Int, stall: Double) -> Int {
        var timeout = timeval(tv_sec: Int(stall), tv_usec: Int((stall - stall.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0, offset = 0
        while sent < total, !bytes.isEmpty {
            let count = bytes.withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress.map { $0 + offset }, min($0.count - offset, total - sent), Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { break }
            sent += count
            offset = (offset + count) % bytes.count
        }
        return sent
    }

    /// Whether the peer has not closed the connection (nothing to read, or data rather than the end).
    public var isOpen: Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Reads until `marker` has arrived, the peer closes, or `timeout` seconds pass; returns all read.
    public func read(until marker: String?, timeout: Double) -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 8192)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[..<count]
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
