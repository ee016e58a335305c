/// Joins data frames into messages: fragmentation rules, decompression and the size limit (a
/// text message's UTF-8 is checked where it is read, ``AssembledMessage``).
struct MessageAssembler {
    let maximumMessageSize: Int
    private let inflater: DeflateInflater?
    private var opcode: WebSocketOpcode?
    private var compressed = false
    private var parts: [UInt8] = []

    init(maximumMessageSize: Int, inflater: DeflateInflater?) {
        self.maximumMessageSize = maximumMessageSize
        self.inflater = inflater
    }

    /// Adds a data frame; returns the message when it is complete.
    mutating func add(_ frame: WebSocketFrame) throws(WebSocketError) -> AssembledMessage? {
        switch frame.opcode {
        case .continuation:
            guard opcode != nil else { throw .protocolError("a continuation frame without a message to continue") }
            guard !frame.rsv1 else { throw .protocolError("RSV1 is set on a continuation frame") }
        case .text, .binary:
            guard opcode == nil else { throw .protocolError("a new message started before the previous one finished") }
            opcode = frame.opcode
            compressed = frame.rsv1
        default:
            throw .protocolError("control frames are not message parts")
        }
        guard parts.count + frame.payload.count <= maximumMessageSize else {
            throw .tooBig("the message exceeds the limit of \(maximumMessageSize) bytes")
        }
        // A message of one frame is that frame's payload, not a copy of it.
        if parts.isEmpty && frame.fin {
            parts = frame.payload
        } else {
            parts.append(contentsOf: frame.payload)
        }
        guard frame.fin, let kind = opcode else { return nil }
        var payload = parts
        let wasCompressed = compressed
        opcode = nil
        compressed = false
        parts = []
        if wasCompressed {
            guard let inflater else { throw .protocolError("a compressed message without permessage-deflate") }
            payload = try inflater.inflate(payload, limit: maximumMessageSize)
        }
        return kind == .text ? .text(payload) : .binary(payload)
    }
}
