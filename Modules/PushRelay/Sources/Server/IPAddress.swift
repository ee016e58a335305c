import Glibc

/// A client's or a peer's IP address, IPv4 or IPv6, as 16 bytes (an IPv4 address is kept
/// IPv4-mapped, `::ffff:a.b.c.d`, so a dual-stack socket's peers and IPv4 text compare equal).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address in network order.
    public let bytes: [UInt8]

    /// Parses dotted IPv4 or IPv6 text (no zone, no brackets); nil for anything else.
    public init?(_ text: some StringProtocol) {
        var storage = in6_addr()
        if text.contains(":") {
            guard inet_pton(AF_INET6, String(text), &storage) == 1 else { return nil }
            bytes = withUnsafeBytes(of: storage) { Array($0) }
        } else {
            var inet = in_addr()
            guard inet_pton(AF_INET, String(text), &inet) == 1 else { return nil }
            bytes = Self.mappedPrefix + withUnsafeBytes(of: inet) { Array($0) }
        }
    }

    /// The address of a socket address (IPv4 or IPv6); `::` for another family.
    init(_ address: sockaddr_storage) {
        var copy = address
        switch Int32(address.ss_family) {
        case AF_INET:
            let inet = withUnsafePointer(to: &copy) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr } }
            bytes = Self.mappedPrefix + withUnsafeBytes(of: inet) { Array($0) }
        case AF_INET6:
            let inet = withUnsafePointer(to: &copy) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr } }
            bytes = withUnsafeBytes(of: inet) { Array($0) }
        default:
            bytes = Array(repeating: 0, count: 16)
        }
    }

    /// From 4 or 16 bytes in network order.
    init?(bytes: some Collection<UInt8>) {
        switch bytes.count {
        case 4: self.bytes = Self.mappedPrefix + bytes
        case 16: self.bytes = Array(bytes)
        default: return nil
        }
    }

    /// The socket address of this address and `port`: IPv4 as `sockaddr_in`, else `sockaddr_in6`;
    /// with its length.
    func socketAddress(port: Int) -> (sockaddr_storage, Int) {
        var storage = sockaddr_storage()
        if isIPv4 {
            var inet = sockaddr_in()
            inet.sin_family = sa_family_t(AF_INET)
            inet.sin_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &inet.sin_addr) { $0.copyBytes(from: bytes[12...]) }
            withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: inet) { target.copyMemory(from: $0) } }
            return (storage, MemoryLayout<sockaddr_in>.size)
        }
        var inet = sockaddr_in6()
        inet.sin6_family = sa_family_t(AF_INET6)
        inet.sin6_port = UInt16(port).bigEndian
        withUnsafeMutableBytes(of: &inet.sin6_addr) { $0.copyBytes(from: bytes) }
        withUnsafeMutableBytes(of: &storage) { target in withUnsafeBytes(of: inet) { target.copyMemory(from: $0) } }
        return (storage, MemoryLayout<sockaddr_in6>.size)
    }

    private static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

    /// Whether it is an IPv4 address (kept IPv4-mapped).
    public var isIPv4: Bool { bytes.starts(with: Self.mappedPrefix) }

    /// 127.0.0.0/8 or ::1.
    public var isLoopback: Bool { isIPv4 ? bytes[12] == 127 : bytes == Array(repeating: 0, count: 15) + [1] }

    /// What per-address limits count by: the address itself for IPv4; for IPv6 its /64, the
    /// least a site is given, so one host cannot take a fresh address for each request.
    public var limitKey: String {
        isIPv4 ? description : Self.format(Array(bytes.prefix(8)) + Array(repeating: 0, count: 8)) + "/64"
    }

    /// IPv4 as dotted text, IPv6 in its shortest form.
    public var description: String {
        isIPv4 ? bytes[12...].map(String.init).joined(separator: ".") : Self.format(bytes)
    }

    private static func format(_ bytes: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        bytes.withUnsafeBytes { _ = inet_ntop(AF_INET6, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
