import Essentials
import Glibc

// Not a fuzz target: built by tools/fuzz like one (so it reaches the relay's internal parser) and
// run by tools/differential/http-request over a corpus, one input per file. Prints, for each
// input (its first byte, the fuzz target's piece size, skipped), one JSON line with what the
// relay's parser makes of the rest, all at once, up to its first refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func dumpHTTPRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    var parser = HTTPRequestParser(bodyLimit: 64 << 10)
    parser.append(UnsafeRawBufferPointer(start: data + 1, count: size - 1))
    var events: [JSONValue] = []
    while let event = parser.next(), events.count < 100 {
        switch event {
        case .request(let head, let body):
            var fields: [String: JSONValue] = [:]
            for (name, value) in head.fields { fields[name] = .string(value) }
            events.append(.object([
                "method": .string(head.method), "target": .string(head.target), "headers": .object(fields),
                "declaresJSON": .bool(head.declaresJSON), "body": .array(body.map { .integer(Int64($0)) }),
                "keepsAlive": .bool(head.keepsAlive),
            ]))
        case .failure(let failure):
            events.append(.object(["failure": .integer(Int64(failure.status)), "message": .string(failure.message)]))
        case .continueNeeded:
            continue
        }
        if case .failure = event { break }
    }
    let line = ((try? JSONSerializer.string(.array(events))) ?? "[]") + "\n"
    // Written straight to descriptor 1, whole, so the lines of one run stay in the inputs' order.
    var bytes = Array(line.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        guard written > 0 else { break }
        bytes = bytes.dropFirst(written)
    }
    return 0
}
