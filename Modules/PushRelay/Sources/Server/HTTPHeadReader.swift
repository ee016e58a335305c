/// Reads a request head (RFC 9112): the request line and the header fields, each line ended by
/// CRLF or a bare LF, the blank line already cut off. Strict where leniency lets two parsers
/// disagree about where a request ends: no white space before a field's colon, no folded lines,
/// no control characters in values, one Content-Length (or several equal ones), never both
/// Content-Length and Transfer-Encoding, and exactly one Host in HTTP/1.1 (at most one in 1.0;
/// RFC 9112 section 3.2).
enum HTTPHeadReader {
    /// The bytes of a head, or a part of one, read in place.
    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    static func read(_ bytes: ArraySlice<UInt8>) throws(HTTPParseFailure) -> HTTPRequestHead {
        // Read in place: slices of an array's buffer, not of the array, cost no reference count
        // and no bounds check of the array at each step (this runs for every request).
        try bytes.withUnsafeBufferPointer { buffer throws(HTTPParseFailure) in try read(buffer[...]) }
    }

    private static func read(_ bytes: Bytes) throws(HTTPParseFailure) -> HTTPRequestHead {
        var lineStart = bytes.startIndex
        /// The next line without its CRLF or LF, nil after the last.
        func nextLine() -> Bytes? {
            guard lineStart < bytes.endIndex else { return nil }
            let feed = bytes[lineStart...].firstIndex(of: lineFeed) ?? bytes.endIndex
            var line = bytes[lineStart..<feed]
            if line.last == carriageReturn { line = line.dropLast() }
            lineStart = feed < bytes.endIndex ? feed + 1 : feed
            return line
        }
        guard let requestLine = nextLine() else { throw HTTPParseFailure(400, "the request line is missing") }
        var head = try readRequestLine(requestLine)
        var contentLength: Int?
        var sawTransferEncoding = false
        var hosts = 0
        var sawContentType = false
        while let line = nextLine() {
            if line.isEmpty && lineStart == bytes.endIndex { break }
            let (name, value) = try field(line)
            switch name {
            case .contentLength:
                guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= zero && $0 <= nine }) else {
                    throw HTTPParseFailure(400, "Content-Length must be a decimal number of bytes")
                }
                let length = value.reduce(0) { $0 * 10 + Int($1 - zero) }
                guard contentLength == nil || contentLength == length else {
                    throw HTTPParseFailure(400, "the request has different Content-Length values")
                }
                contentLength = length
            case .transferEncoding:
                sawTransferEncoding = true
                guard text(value).lowercased() == "chunked" else {
                    throw HTTPParseFailure(501, "the transfer coding '\(text(value))' is not supported; send chunked or a Content-Length")
                }
                head.chunked = true
            case .connection:
                for option in text(value).lowercased().split(separator: ",") {
                    switch option.trimmingSpaces {
                    case "close": head.asksToClose = true
                    case "keep-alive": head.asksToKeepAlive = true
                    default: break
                    }
                }
            case .expect:
                guard text(value).lowercased() == "100-continue" else {
                    throw HTTPParseFailure(417, "the expectation '\(text(value))' cannot be met")
                }
                head.expectsContinue = true
            case .host:
                hosts += 1
            case .contentType:
                if !sawContentType { head.declaresJSON = RelayRequest.namesJSON(value) }
                sawContentType = true
            case .handed(let key):
                if head.fields[key] == nil { head.fields[key] = text(value) }
            case .forwardedFor:
                // Several X-Forwarded-For lines are one list, in order (RFC 9110 section 5.3).
                let earlier = head.fields["x-forwarded-for"]
                head.fields["x-forwarded-for"] = earlier.map { $0 + ", " + text(value) } ?? text(value)
            case .other:
                break
            }
        }
        guard hosts <= 1 else { throw HTTPParseFailure(400, "the request has more than one Host field") }
        guard hosts == 1 || head.minorVersion == 0 else { throw HTTPParseFailure(400, "an HTTP/1.1 request needs a Host field") }
        head.contentLength = contentLength
        if sawTransferEncoding {
            guard contentLength == nil else { throw HTTPParseFailure(400, "the request has both Content-Length and Transfer-Encoding") }
            guard head.minorVersion == 1 else { throw HTTPParseFailure(400, "an HTTP/1.0 request cannot use Transfer-Encoding") }
        }
        return head
    }

    /// The header fields the server knows by name.
    private enum FieldName {
        case contentLength, transferEncoding, connection, expect, host, contentType, forwardedFor, handed(String), other
    }

    /// `METHOD SP request-target SP HTTP/1.x`.
    private static func readRequestLine(_ line: Bytes) throws(HTTPParseFailure) -> HTTPRequestHead {
        // Exactly two spaces: method, target, version.
        guard let firstSpace = line.firstIndex(of: space), case let rest = line[(firstSpace + 1)...],
              let secondSpace = rest.firstIndex(of: space), !rest[(secondSpace + 1)...].contains(space) else {
            throw HTTPParseFailure(400, "the request line must be 'METHOD TARGET HTTP/1.1'")
        }
        let (method, target, version) = (line[..<firstSpace], rest[..<secondSpace], rest[(secondSpace + 1)...])
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else { throw HTTPParseFailure(400, "the method is not a token") }
        guard target.allSatisfy({ $0 > space && $0 < 0x7F }), let origin = originForm(target, method: method) else {
            throw HTTPParseFailure(400, "the request target must be a path starting with '/'")
        }
        var head = HTTPRequestHead()
        if equal(version, "HTTP/1.1") {
            head.minorVersion = 1
        } else if equal(version, "HTTP/1.0") {
            head.minorVersion = 0
        } else if version.starts(with: "HTTP/".utf8) {
            throw HTTPParseFailure(505, "\(text(version)) is not supported; this server speaks HTTP/1.1")
        } else {
            throw HTTPParseFailure(400, "the request line does not end with an HTTP version")
        }
        head.method = text(method)
        head.target = origin
        return head
    }

    /// The target as a path and query: as sent (origin form), or from an absolute URL, which a
    /// server must accept too (RFC 9112 section 3.2.2), without its scheme and authority; `*`
    /// only for OPTIONS. Nil for anything else.
    private static func originForm(_ target: Bytes, method: Bytes) -> String? {
        if target.first == slash { return text(target) }
        if target.elementsEqual("*".utf8) { return method.elementsEqual("OPTIONS".utf8) ? "*" : nil }
        let lowered = target.prefix(8).map(lowercased)
        let scheme = lowered.starts(with: "http://".utf8) ? 7 : lowered.starts(with: "https://".utf8) ? 8 : 0
        guard scheme > 0 else { return nil }
        let authority = target.dropFirst(scheme)
        guard let path = authority.firstIndex(where: { $0 == slash || $0 == UInt8(ascii: "?") }) else { return "/" }
        return target[path] == slash ? text(target[path...]) : "/" + text(target[path...])
    }

    /// A field line's name, as far as the server knows it, and its value without surrounding white space.
    private static func field(_ line: Bytes) throws(HTTPParseFailure) -> (FieldName, Bytes) {
        guard let first = line.first, first != space, first != tab else {
            throw HTTPParseFailure(400, line.isEmpty ? "an empty line inside the head" : "folded header lines are not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw HTTPParseFailure(400, "a header line has no ':'") }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw HTTPParseFailure(400, "a header name is not a token (no white space before the ':')")
        }
        var value = line[line.index(after: colon)...]
        while let byte = value.first, byte == space || byte == tab { value = value.dropFirst() }
        while let byte = value.last, byte == space || byte == tab { value = value.dropLast() }
        guard value.allSatisfy({ $0 == tab || ($0 >= space && $0 != 0x7F) }) else {
            throw HTTPParseFailure(400, "a header value holds a control character")
        }
        return (known(name), value)
    }

    /// Which field `name` is, compared without regard to case and without making a String.
    private static func known(_ name: Bytes) -> FieldName {
        func named(_ expected: StaticString) -> Bool {
            guard name.count == expected.utf8CodeUnitCount else { return false }
            var letter = expected.utf8Start
            for byte in name {
                guard lowercased(byte) == letter.pointee else { return false }
                letter += 1
            }
            return true
        }
        switch name.count {
        case 14 where named("content-length"): return .contentLength
        case 17 where named("transfer-encoding"): return .transferEncoding
        case 10 where named("connection"): return .connection
        case 6 where named("expect"): return .expect
        case 4 where named("host"): return .host
        case 13 where named("authorization"): return .handed("authorization")
        case 13 where named("last-event-id"): return .handed("last-event-id")
        case 12 where named("content-type"): return .contentType
        case 15 where named("x-forwarded-for"): return .forwardedFor
        default: return .other
        }
    }

    /// Whether `bytes` are `text`'s, byte for byte.
    private static func equal(_ bytes: Bytes, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount && UnsafeBufferPointer(rebasing: bytes).elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// An ASCII letter in lower case; any other byte as it is.
    private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    private static func text(_ bytes: Bytes) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self) }

    /// RFC 9110's tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static let lineFeed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t"), slash = UInt8(ascii: "/"), zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
