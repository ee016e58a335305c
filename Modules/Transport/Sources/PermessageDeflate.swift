/// What the server agreed to for permessage-deflate (RFC 7692): whether it resets its
/// compressor after each message (`server_no_context_takeover`), so the inflater does too.
struct PermessageDeflate: Equatable {
    let serverNoContextTakeover: Bool

    /// The agreement in a `Sec-WebSocket-Extensions` answer holding only permessage-deflate.
    init(extensionHeader: String) {
        let parameters = extensionHeader.split(separator: ";").dropFirst().map { $0.split(separator: "=").first?.trimmingSpaces() ?? "" }
        serverNoContextTakeover = parameters.contains("server_no_context_takeover")
    }
}
