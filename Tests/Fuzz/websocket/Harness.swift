// Fuzz target `websocket`: the frame decoder and the message assembler (with the inflater when
// the first byte is odd), fed in pieces whose size the second byte chooses. No frame or message
// exceeds the limit; without compression the messages hold no more bytes than were fed. The
// reader's UTF-8 check agrees with the standard library's on the input and on every text message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let compressed = data[0] & 1 == 1, piece = max(1, Int(data[1]))
    let bytes = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    checkUTF8(bytes)
    let limit = 64 << 10
    var decoder = WebSocketFrameDecoder(maximumFrameSize: limit, compressionNegotiated: compressed)
    var assembler = MessageAssembler(maximumMessageSize: limit, inflater: compressed ? DeflateInflater() : nil)
    var delivered = 0
    var offset = 0
    do {
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            for frame in try decoder.feed(bytes[offset..<end]) {
                if frame.payload.count > limit { fatalError("a frame beyond the limit") }
                guard let assembled = try assembler.add(frame) else { continue }
                if case .text(let text) = assembled { checkUTF8(text) }
                switch try assembled.message() {
                case .text(let text): delivered += text.utf8.count
                case .binary(let payload): delivered += payload.count
                }
                if delivered > (compressed ? Int.max : bytes.count) { fatalError("more message bytes than were read") }
            }
            offset = end
        }
    } catch {
        // Refused input ends the connection with a reason; nothing more to check.
    }
    return 0
}

private func checkUTF8(_ bytes: [UInt8]) {
    let valid = bytes.withUnsafeBufferPointer(UTF8Validation.isValid)
    if valid != (String(validating: bytes, as: UTF8.self) != nil) { fatalError("the UTF-8 check disagrees with the standard library") }
}
