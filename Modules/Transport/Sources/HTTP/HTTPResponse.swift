/// A complete HTTP answer: status, headers (names lowercased, repeated ones joined with ", ") and body.
public struct HTTPResponse: Sendable, Equatable {
    public let status: Int
    public let headers: [String: String]
    public let body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text, cut to `limit` bytes, for error messages.
    public func bodyText(limit: Int = 500) -> String { String(decoding: body.prefix(limit), as: UTF8.self) }
}
