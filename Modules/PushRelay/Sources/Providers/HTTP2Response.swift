/// A provider's answer: status, headers (lower-cased names) and body.
public struct HTTP2Response: Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The response headers, names in lowercase.
    public let headers: [String: String]
    /// The response body, bounded.
    public let body: [UInt8]
    /// Whether the exchange used HTTP/2.
    public let usedHTTP2: Bool
}
