import FoundationEssentials

/// How the end of an HTTP answer's body is known (RFC 9112, 6.3).
enum HTTPBodyFraming: Equatable {
    /// No body: a 204 or 304, or the answer to HEAD.
    case none
    /// Exactly this many bytes.
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// Everything until the server closes the connection.
    case untilClose

    /// The framing the head announces; `maximumBodySize` refuses a declared length over it.
    init(status: Int, headers: [String: String], requestMethod: String, maximumBodySize: Int) throws(HTTPClientError) {
        if requestMethod == "HEAD" || status == 204 || status == 304 {
            self = .none
            return
        }
        if let encoding = headers["transfer-encoding"] {
            guard encoding.lowercased() == "chunked" else {
                throw HTTPClientError(.malformedResponse, "the answer uses the transfer coding '\(encoding.prefix(60))', which was not asked for")
            }
            self = .chunked
            return
        }
        guard let declared = headers["content-length"] else {
            self = .untilClose
            return
        }
        let values = Set(declared.split(separator: ",").map { $0.trimmingSpaces() })
        guard values.count == 1, let text = values.first, !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              let length = Int(text) else {
            throw HTTPClientError(.malformedResponse, "the answer's Content-Length '\(declared.prefix(60))' is not one number")
        }
        guard length <= maximumBodySize else {
            throw HTTPClientError(.tooLarge, "the answer announces \(length) bytes; the limit is \(maximumBodySize)")
        }
        self = .length(length)
    }
}
