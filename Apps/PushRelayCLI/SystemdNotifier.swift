import Foundation

/// Tells systemd how the service is doing (the `sd_notify` protocol, without libsystemd): one
/// datagram of `NAME=value` lines to the `AF_UNIX` socket named by `NOTIFY_SOCKET` (a path, or
/// an abstract name after `@`). Absent when the relay does not run under a `Type=notify` unit.
struct SystemdNotifier {
    private let address: [UInt8]

    /// The notifier for `environment["NOTIFY_SOCKET"]`, or nil when it is unset or not a socket name.
    init?(environment: [String: String]) {
        guard let name = environment["NOTIFY_SOCKET"], name.hasPrefix("/") || name.hasPrefix("@"), name.utf8.count < 108 else { return nil }
        var bytes = Array(name.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        address = bytes
    }

    /// Sends `state` (such as `READY=1`); a failure is said on `report` and otherwise ignored, as
    /// a service that cannot reach systemd still serves.
    func notify(_ state: String, report: (String) -> Void) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return report("push-relay: NOTIFY_SOCKET: no socket (errno \(errno))") }
        defer { close(descriptor) }
        var target = sockaddr_un()
        target.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &target.sun_path) { path in path.copyBytes(from: address) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count)
        let sent = Array(state.utf8).withUnsafeBytes { message in
            withUnsafePointer(to: &target) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(descriptor, message.baseAddress, message.count, Int32(MSG_NOSIGNAL), $0, length) }
            }
        }
        if sent < 0 { report("push-relay: NOTIFY_SOCKET: not sent (errno \(errno))") }
    }

    /// `MONOTONIC_USEC=` now, which systemd wants with `RELOADING=1`.
    static var monotonicMicroseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
    }
}
