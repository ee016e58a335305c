/// A provider's answer: status, headers (lower-cased names) and body.
public struct HTTP2Response: Sendable, Equatable {
    public let status: Int
    public let headers: [String: String]
    public let body: [UInt8]
    /// Whether the exchange used HTTP/2.
    public let usedHTTP2: Bool
}
