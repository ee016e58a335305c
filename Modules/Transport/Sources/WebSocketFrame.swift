/// One WebSocket frame, unmasked.
public struct WebSocketFrame: Sendable, Equatable {
    /// Whether this is the last frame of its message.
    public var fin: Bool
    /// The permessage-deflate bit: set on the first frame of a compressed message.
    public var rsv1: Bool
    public var opcode: WebSocketOpcode
    public var payload: [UInt8]

    /// Creates a frame.
    public init(fin: Bool = true, rsv1: Bool = false, opcode: WebSocketOpcode, payload: [UInt8]) {
        self.fin = fin
        self.rsv1 = rsv1
        self.opcode = opcode
        self.payload = payload
    }

    /// The frame as a client sends it: masked with `maskKey` (RFC 6455, 5.3).
    public func encoded(maskKey: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv1 ? 0x40 : 0) | opcode.rawValue]
        let count = payload.count
        if count < 126 {
            bytes.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(0x80 | 126)
            bytes.append(contentsOf: [UInt8(count >> 8), UInt8(count & 0xFF)])
        } else {
            bytes.append(0x80 | 127)
            bytes.append(contentsOf: (0..<8).reversed().map { UInt8((UInt64(count) >> (UInt64($0) * 8)) & 0xFF) })
        }
        bytes.append(contentsOf: maskKey)
        bytes.reserveCapacity(bytes.count + count)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ maskKey[index & 3]) }
        return bytes
    }
}
