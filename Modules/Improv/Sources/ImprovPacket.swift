/// One Improv serial packet: `IMPROV`, version, type, length, payload, checksum.
///
/// The checksum is the low byte of the sum of every byte before it.
public struct ImprovPacket: Sendable, Equatable {
    /// The protocol version this code speaks.
    public static let version: UInt8 = 1
    /// The bytes every packet starts with.
    public static let header = Array("IMPROV".utf8)
    /// The largest payload the one-byte length field allows.
    public static let maximumPayload = 255

    /// What the packet carries.
    public let type: ImprovPacketType
    /// The payload bytes.
    public let payload: [UInt8]

    /// Creates a packet; the payload must fit in 255 bytes.
    public init(type: ImprovPacketType, payload: [UInt8]) throws(ImprovPacketError) {
        guard payload.count <= Self.maximumPayload else { throw .payloadTooLarge(payload.count) }
        self.type = type
        self.payload = payload
    }

    /// The packet as bytes on the wire.
    public var encoded: [UInt8] {
        var bytes = Self.header + [Self.version, type.rawValue, UInt8(payload.count)] + payload
        bytes.append(Self.checksum(bytes))
        return bytes
    }

    /// Decodes the packet at the start of `bytes`; returns it and how many bytes it used.
    public static func decode(_ bytes: [UInt8]) throws(ImprovPacketError) -> (packet: ImprovPacket, length: Int) {
        let fixed = header.count + 3
        guard bytes.count >= fixed else {
            guard Array(bytes.prefix(header.count)) == Array(header.prefix(bytes.count)) else { throw .badHeader }
            throw .truncated(needed: fixed + 1, available: bytes.count)
        }
        guard Array(bytes[0..<header.count]) == header else { throw .badHeader }
        let version = bytes[header.count]
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let typeByte = bytes[header.count + 1]
        let length = Int(bytes[header.count + 2])
        let total = fixed + length + 1
        guard bytes.count >= total else { throw .truncated(needed: total, available: bytes.count) }
        let expected = checksum(Array(bytes[0..<total - 1]))
        guard expected == bytes[total - 1] else { throw .checksumMismatch(expected: expected, found: bytes[total - 1]) }
        guard let type = ImprovPacketType(rawValue: typeByte) else { throw .unknownType(typeByte) }
        return (try ImprovPacket(type: type, payload: Array(bytes[fixed..<fixed + length])), total)
    }

    private static func checksum(_ bytes: [UInt8]) -> UInt8 {
        bytes.reduce(0) { $0 &+ $1 }
    }
}
