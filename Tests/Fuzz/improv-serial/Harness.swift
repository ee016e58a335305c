// Fuzz target `improv-serial`: the serial stream (packets found among log lines), fed in two
// pieces split where the first byte says. Every packet it yields re-encodes to a packet that
// decodes to itself, and the stream never holds more than its limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImprovSerial(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let split = min(bytes.count, Int(data[0]))
    var stream = ImprovSerialStream()
    for item in stream.feed(Array(bytes[..<split])) + stream.feed(Array(bytes[split...])) {
        guard case .packet(let packet) = item else { continue }
        guard let (again, length) = try? ImprovPacket.decode(packet.encoded), again == packet, length == packet.encoded.count else {
            fatalError("a packet the stream yielded does not round-trip")
        }
        if packet.type == .rpcResult, let result = try? ImprovResult(frame: packet.payload, checksum: false) {
            _ = (result.redirectURL, result.deviceInfo, result.networks)
        }
    }
    return 0
}
