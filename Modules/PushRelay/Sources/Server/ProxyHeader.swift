/// The PROXY protocol header (versions 1 and 2, as HAProxy specifies them) that a load balancer
/// sends before the client's bytes, naming the client it serves. Read only from trusted proxies.
enum ProxyHeader: Equatable {
    /// The header is not complete yet; every byte seen so far belongs to it.
    case incomplete
    /// The header is `length` bytes; `client` is nil when it names none (v1 `UNKNOWN`, a v2
    /// `LOCAL` health check, a family other than TCP over IPv4 or IPv6): the peer is the client.
    case complete(length: Int, client: IPAddress?)
    case invalid(String)

    /// A version 1 header is at most 107 bytes; version 2 is refused past 16 bytes plus this
    /// many bytes of addresses and TLVs.
    static let version1Limit = 107, version2BodyLimit = 1_024
    /// The most bytes a header may take.
    static let maximumLength = 16 + version2BodyLimit

    static let version1Signature = Array("PROXY ".utf8)
    static let version2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    /// Reads the header at the start of `bytes`.
    static func parse(_ bytes: some RandomAccessCollection<UInt8>) -> ProxyHeader {
        let start = Array(bytes.prefix(12))
        if version2Signature.starts(with: start) {
            return start.count < 12 ? .incomplete : version2(Array(bytes.prefix(maximumLength)))
        }
        if version1Signature.starts(with: start.prefix(6)) {
            return start.count < 6 ? .incomplete : version1(Array(bytes.prefix(version1Limit)))
        }
        return .invalid("the connection does not start with a PROXY protocol header")
    }

    /// `PROXY TCP4|TCP6|UNKNOWN SOURCE DESTINATION SPORT DPORT\r\n`.
    private static func version1(_ bytes: [UInt8]) -> ProxyHeader {
        guard let end = bytes.firstIndex(of: 0x0A) else {
            if let byte = bytes.first(where: { $0 < 0x20 && $0 != 0x0D }) { return .invalid("a PROXY v1 header holds the byte \(byte)") }
            return bytes.count < version1Limit ? .incomplete : .invalid("a PROXY v1 header is longer than \(version1Limit) bytes")
        }
        guard end > 0, bytes[end - 1] == 0x0D else { return .invalid("a PROXY v1 header must end with CR LF") }
        let line = bytes[..<(end - 1)]
        guard line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return .invalid("a PROXY v1 header holds a control byte") }
        let fields = line.split(separator: 0x20, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if fields.count >= 2, fields[1] == "UNKNOWN" { return .complete(length: end + 1, client: nil) }
        guard fields.count == 6, fields[1] == "TCP4" || fields[1] == "TCP6" else {
            return .invalid("a PROXY v1 header must be 'PROXY TCP4|TCP6 SOURCE DESTINATION SPORT DPORT'")
        }
        let ipv4 = fields[1] == "TCP4"
        // TCP6 addresses are written with colons (an IPv4-mapped one too), TCP4 ones without.
        guard let source = IPAddress(fields[2]), IPAddress(fields[3]) != nil,
              fields[2].contains(":") != ipv4, fields[3].contains(":") != ipv4 else {
            return .invalid("a PROXY v1 header's addresses are not \(ipv4 ? "IPv4" : "IPv6") addresses")
        }
        guard isPort(fields[4]), isPort(fields[5]) else { return .invalid("a PROXY v1 header's ports must be 0...65535") }
        return .complete(length: end + 1, client: source)
    }

    /// A decimal port without leading zeros.
    private static func isPort(_ text: String) -> Bool {
        guard let number = Int(text), (0...65_535).contains(number), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        return text == "0" || !text.hasPrefix("0")
    }

    /// The 12-byte signature, version and command, family and protocol, a 16-bit length, then
    /// the addresses and TLVs.
    private static func version2(_ bytes: [UInt8]) -> ProxyHeader {
        guard bytes.count >= 16 else { return .incomplete }
        let versionAndCommand = bytes[12], family = bytes[13]
        guard versionAndCommand >> 4 == 2 else { return .invalid("a PROXY v2 header has version \(versionAndCommand >> 4)") }
        let command = versionAndCommand & 0x0F
        guard command <= 1 else { return .invalid("a PROXY v2 header has the unknown command \(command)") }
        let length = Int(bytes[14]) << 8 | Int(bytes[15])
        guard length <= version2BodyLimit else { return .invalid("a PROXY v2 header of \(length) bytes is over \(version2BodyLimit)") }
        guard bytes.count >= 16 + length else { return .incomplete }
        let body = bytes[16..<(16 + length)]
        // LOCAL: the proxy's own connection, such as a health check.
        guard command == 1 else { return .complete(length: 16 + length, client: nil) }
        switch family {
        case 0x11:
            guard length >= 12, let source = IPAddress(bytes: body.prefix(4)) else { return .invalid("a PROXY v2 TCP4 header is shorter than its addresses") }
            return .complete(length: 16 + length, client: source)
        case 0x21:
            guard length >= 36, let source = IPAddress(bytes: body.prefix(16)) else { return .invalid("a PROXY v2 TCP6 header is shorter than its addresses") }
            return .complete(length: 16 + length, client: source)
        default:
            return .complete(length: 16 + length, client: nil)
        }
    }
}
