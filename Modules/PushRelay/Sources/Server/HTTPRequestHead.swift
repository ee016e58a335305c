/// The head of one request as ``HTTPRequestParser`` reads it: the request line, and the header
/// fields the server acts on or hands to the relay's handlers (the others are checked for their
/// form, then dropped).
struct HTTPRequestHead: Sendable, Equatable {
    var method = ""
    /// The request target as sent, such as `/push/stream?x=1`.
    var target = ""
    /// 1 for HTTP/1.1, 0 for HTTP/1.0.
    var minorVersion = 1
    var contentLength: Int?
    var chunked = false
    /// The `Connection` field named `close` / `keep-alive`.
    var asksToClose = false
    var asksToKeepAlive = false
    var expectsContinue = false
    /// Whether the (first) `Content-Type` field names JSON (``RelayRequest/isJSON``).
    var declaresJSON = false
    /// The fields handlers read (``RelayRequest/headers``), by lower-cased name: the first of each,
    /// but every `X-Forwarded-For` line joined by ", " in order. `Content-Type` is read in place
    /// instead (``declaresJSON``): nearly every request has one, and the others none of these.
    var fields: [String: String] = [:]

    /// Whether the connection stays open after this request's answer: HTTP/1.1 unless the client
    /// says `close`, HTTP/1.0 only when it says `keep-alive`.
    var keepsAlive: Bool { minorVersion == 1 ? !asksToClose : asksToKeepAlive && !asksToClose }
}
