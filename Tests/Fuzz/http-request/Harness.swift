// Fuzz target `http-request`: the bytes of one connection as the relay's HTTP server frames them.
// The first byte picks how the rest arrives (pieces of 1 to 256 bytes); the events must be the
// same as when everything arrives at once, a refusal is a 4xx or 5xx after which nothing more is
// read, and no body is larger than the limit. Resource oracle: whenever the parser waits for more,
// what it holds is within its bound, however much the input framed (empty lines, extensions,
// trailers).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let piece = Int(data[0]) + 1
    let bytes = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    var whole = HTTPRequestParser(bodyLimit: 512)
    whole.append(bytes)
    let expected = events(&whole)
    var pieces = HTTPRequestParser(bodyLimit: 512)
    var seen: [HTTPParserEvent] = []
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + piece)
        pieces.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        seen += events(&pieces)
        if pieces.held > HTTPRequestParser.heldLimit(bodyLimit: 512) {
            fatalError("the parser holds \(pieces.held) bytes, over its bound of \(HTTPRequestParser.heldLimit(bodyLimit: 512))")
        }
        offset = end
    }
    // 100 Continue depends on whether the body had begun to arrive; every other event must agree.
    let requests = seen.filter { $0 != .continueNeeded }
    if requests != expected.filter({ $0 != .continueNeeded }) {
        fatalError("pieces of \(piece) bytes gave \(requests), all at once \(expected)")
    }
    for event in requests {
        switch event {
        case .request(let head, let body):
            if body.count > 512 { fatalError("a body of \(body.count) bytes passed the 512-byte limit") }
            if !(head.target.hasPrefix("/") || head.target == "*") { fatalError("the target \(head.target) was accepted") }
        case .failure(let failure):
            if !(400..<600).contains(failure.status) { fatalError("a refusal answered \(failure.status)") }
        case .continueNeeded:
            break
        }
    }
    return 0
}

/// Every event the bytes so far give; after a refusal, the parser must give no more.
private func events(_ parser: inout HTTPRequestParser) -> [HTTPParserEvent] {
    var found: [HTTPParserEvent] = []
    while let event = parser.next() {
        found.append(event)
        if case .failure = event {
            if parser.next() != nil { fatalError("the parser read on after a refusal") }
            break
        }
        if found.count > 10_000 { fatalError("the parser gave events without consuming bytes") }
    }
    return found
}
