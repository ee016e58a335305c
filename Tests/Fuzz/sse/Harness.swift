// Fuzz target `sse`: the server-sent event parser, fed byte by byte or whole as the first byte
// says. Events hold no more characters than bytes were fed (an invalid byte becomes one U+FFFD,
// three bytes in UTF-8, so bytes are not the measure), and none exceeds the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    var parser = StreamEventParser(maximumEventSize: 4096)
    var events: [StreamEvent] = []
    do {
        if data[0] & 1 == 1 {
            for byte in bytes { events += try parser.parse([byte]) }
        } else {
            events = try parser.parse(bytes)
        }
    } catch {
        return 0
    }
    let total = events.reduce(0) { $0 + $1.data.unicodeScalars.count }
    if total > bytes.count { fatalError("more event data than was read") }
    if events.contains(where: { $0.data.unicodeScalars.count > 4096 }) { fatalError("an event beyond the limit") }
    return 0
}
