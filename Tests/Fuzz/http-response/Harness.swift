// Fuzz target `http-response`: response heads and bodies (sized, chunked, until close) as the
// HTTP client reads them, fed in two pieces split where the first byte says; then the chunked
// decoder alone. No body exceeds its limit; the chunked decoder never yields more bytes than it
// was given.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let split = min(bytes.count, Int(data[0]) * 4)
    let limit = 16 << 10
    var parser = HTTPResponseParser(requestMethod: data[0] & 1 == 0 ? "GET" : "HEAD", maximumBodySize: limit)
    if let response = (try? parser.append(bytes[..<split])) ?? nil ?? ((try? parser.append(bytes[split...])) ?? nil) ?? (try? parser.finish()) {
        if response.body.count > limit { fatalError("a body beyond the limit") }
    }
    var decoder = ChunkedBodyDecoder(maximumBodySize: limit)
    if let first = try? decoder.decode(bytes[..<split]), let second = try? decoder.decode(bytes[split...]) {
        if first.count + second.count > bytes.count { fatalError("the chunked decoder made bytes up") }
    }
    return 0
}
