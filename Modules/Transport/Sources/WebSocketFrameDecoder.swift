/// Splits the bytes a server sends into frames, enforcing RFC 6455's framing rules.
///
/// Feed it bytes as they arrive; it returns every complete frame and keeps the rest. Reserved
/// bits, unknown opcodes, masked server frames, fragmented or long control frames, and
/// non-minimal or oversized lengths are errors with the close code the RFC names.
///
/// A large frame (a snapshot of every entity is megabytes) is gathered in a buffer of its own
/// size, which then becomes the frame's payload: no doubling of the buffer as it grows and no
/// copy of the payload once it is whole, so it is held once, not three times.
struct WebSocketFrameDecoder {
    /// Frames from this size on are gathered as above; smaller ones are copied out.
    static let largeFrame = 64 << 10
    /// The largest frame payload accepted.
    let maximumFrameSize: Int
    /// Whether permessage-deflate was negotiated, which makes RSV1 legal.
    let compressionNegotiated: Bool
    private var buffer: [UInt8] = []
    private var start = 0

    init(maximumFrameSize: Int, compressionNegotiated: Bool) {
        self.maximumFrameSize = maximumFrameSize
        self.compressionNegotiated = compressionNegotiated
    }

    /// Adds `bytes` and returns the frames now complete.
    mutating func feed(_ bytes: some Collection<UInt8>) throws(WebSocketError) -> [WebSocketFrame] {
        buffer.append(contentsOf: bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try nextFrame() { frames.append(frame) }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    private mutating func nextFrame() throws(WebSocketError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        let fin = first & 0x80 != 0, rsv1 = first & 0x40 != 0
        guard first & 0x30 == 0 else { throw .protocolError("reserved bits RSV2/RSV3 are set") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolError("unknown opcode \(first & 0x0F)")
        }
        if rsv1 && (!compressionNegotiated || opcode.isControl) {
            throw .protocolError("RSV1 is set but no extension allows it on this frame")
        }
        guard second & 0x80 == 0 else { throw .protocolError("a server must not mask its frames") }
        var length = Int(second & 0x7F)
        var header = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
            guard length >= 126 else { throw .protocolError("a 16-bit length must be at least 126") }
        } else if length == 127 {
            guard available >= 10 else { return nil }
            var value: UInt64 = 0
            for index in 2..<10 { value = value << 8 | UInt64(buffer[start + index]) }
            guard value >> 63 == 0 else { throw .protocolError("the most significant bit of a 64-bit length must be 0") }
            guard value > 0xFFFF else { throw .protocolError("a 64-bit length must be more than 65535") }
            guard value <= UInt64(maximumFrameSize) else { throw .tooBig("a frame of \(value) bytes exceeds the limit of \(maximumFrameSize)") }
            length = Int(value)
            header = 10
        }
        if opcode.isControl {
            guard fin else { throw .protocolError("a control frame must not be fragmented") }
            guard length <= 125 else { throw .protocolError("a control frame may carry at most 125 bytes") }
        }
        guard length <= maximumFrameSize else { throw .tooBig("a frame of \(length) bytes exceeds the limit of \(maximumFrameSize)") }
        guard available >= header + length else {
            if length >= Self.largeFrame { makeRoom(forFrameOf: header + length) }
            return nil
        }
        if length >= Self.largeFrame && start == 0 {
            let frame = WebSocketFrame(fin: fin, rsv1: rsv1, opcode: opcode, payload: takeFrame(header: header, length: length))
            return frame
        }
        let payloadStart = start + header
        let frame = WebSocketFrame(fin: fin, rsv1: rsv1, opcode: opcode, payload: Array(buffer[payloadStart..<payloadStart + length]))
        start = payloadStart + length
        return frame
    }

    /// Moves the frame under way to the front of the buffer and gives the buffer room for the
    /// whole frame and one more read after it.
    private mutating func makeRoom(forFrameOf size: Int) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.reserveCapacity(size + Self.largeFrame)
    }

    /// The payload of the frame at the front of the buffer, as the buffer itself; what follows
    /// the frame stays as the new buffer.
    private mutating func takeFrame(header: Int, length: Int) -> [UInt8] {
        let end = header + length
        let following = Array(buffer[end...])
        var payload = buffer
        buffer = following
        payload.removeSubrange(end...)
        payload.removeFirst(header)
        return payload
    }
}
