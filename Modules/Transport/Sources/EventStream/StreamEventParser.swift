/// Reads `text/event-stream` (the HTML standard's server-sent events) as its bytes arrive:
/// `event:`, `data:` and `id:` fields (the id persists until another replaces it, as the
/// standard's last event ID does), events ended by a blank line, comments (keep-alives) skipped,
/// lines ended by CRLF, LF or CR. An event larger than the limit is not kept: its data is dropped
/// as it arrives (its `event:` and `id:` lines still count) and it comes out without it, marked
/// oversized, so one such event neither grows memory nor stops the stream.
struct StreamEventParser {
    let maximumEventSize: Int
    /// Whether the event being read passed the limit, and whether the line being read did.
    private var oversized = false
    private var droppingLine = false
    private var line: [UInt8] = []
    private var name = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var afterCR = false
    private var lastID: String?

    init(maximumEventSize: Int) {
        self.maximumEventSize = maximumEventSize
    }

    /// The events completed by `bytes`.
    mutating func parse(_ bytes: [UInt8]) throws(HTTPClientError) -> [StreamEvent] {
        var events: [StreamEvent] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 10 { continue }
            }
            switch byte {
            case 13, 10:
                afterCR = byte == 13
                if let event = try endLine() { events.append(event) }
            default:
                guard !droppingLine else { continue }
                guard line.count + data.count < maximumEventSize else {
                    oversized = true
                    droppingLine = true
                    data = []
                    continue
                }
                line.append(byte)
            }
        }
        return events
    }

    /// Applies the finished line; the event when it was the blank line that ends one.
    private mutating func endLine() throws(HTTPClientError) -> StreamEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        // The rest of a line cut at the limit: not a field to apply.
        guard !droppingLine else {
            droppingLine = false
            return nil
        }
        guard !line.isEmpty else {
            defer {
                name = ""
                data = []
                hasData = false
                oversized = false
            }
            if oversized { return StreamEvent(name: name.isEmpty ? "message" : name, data: "", id: lastID, isOversized: true) }
            guard hasData else { return nil }
            return StreamEvent(name: name.isEmpty ? "message" : name, data: String(decoding: data, as: UTF8.self), id: lastID)
        }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = String(decoding: line[..<colon], as: UTF8.self)
        var value = line[min(colon + 1, line.endIndex)...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch field {
        case "event": name = String(decoding: value, as: UTF8.self)
        case "data":
            guard !oversized else { break }
            if hasData { data.append(10) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            // An id with a NUL is ignored, as the standard says.
            if !value.contains(0) { lastID = String(decoding: value, as: UTF8.self) }
        default: break
        }
        return nil
    }
}
