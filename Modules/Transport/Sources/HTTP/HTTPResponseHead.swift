import FoundationEssentials

/// The status line and header fields of an answer (RFC 9112, 4 and 5).
struct HTTPResponseHead: Equatable {
    let status: Int
    let headers: [String: String]

    /// The longest head accepted before the blank line that ends it.
    static let maximumSize = 16 * 1024

    /// Splits `bytes` at the blank line ending a head: the head (without it) and what follows,
    /// or nil while the blank line has not arrived. A head over ``maximumSize`` is an error.
    static func split(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) -> (head: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]), end.lowerBound - bytes.startIndex <= maximumSize else {
            guard bytes.count <= maximumSize else { throw HTTPClientError(.tooLarge, "the answer's head exceeds \(maximumSize) bytes") }
            return nil
        }
        return (bytes[..<end.lowerBound], bytes[end.upperBound...])
    }

    /// Parses the head's bytes, without the blank line that ends it.
    init(_ bytes: ArraySlice<UInt8>) throws(HTTPClientError) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0" else {
            throw HTTPClientError(.malformedResponse, "the answer does not start with an HTTP/1.x status line: '\(statusLine.prefix(80))'")
        }
        guard parts[1].count == 3, parts[1].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let status = Int(parts[1]), status >= 100 else {
            throw HTTPClientError(.malformedResponse, "the status '\(parts[1].prefix(20))' is not a three-digit code")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  line[..<colon].utf8.allSatisfy(HTTPRequest.isTokenByte) else {
                throw HTTPClientError(.malformedResponse, "a malformed header line: '\(line.prefix(80))'")
            }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...]).trimming(charactersIn: " \t")
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        self.status = status
        self.headers = headers
    }
}
