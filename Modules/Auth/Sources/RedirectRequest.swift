import FoundationEssentials

/// The browser's request to the loopback redirect URI: only its request line matters.
public struct RedirectRequest: Sendable, Equatable {
    /// A head longer than this is refused; a redirect with a code and state is a few hundred bytes.
    public static let maximumHeadSize = 8 << 10

    public let method: String
    public let path: String
    public let query: [String: String]

    /// Whether `bytes` holds a whole request head (ending in an empty line).
    static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Parses a request head; `bytes` may hold more than the head.
    public init(parsing bytes: [UInt8]) throws(RedirectRequestError) {
        guard let end = Self.headEnd(in: bytes) else {
            throw bytes.count > Self.maximumHeadSize ? .tooLarge : .truncated
        }
        guard end <= Self.maximumHeadSize else { throw .tooLarge }
        guard let head = String(validating: bytes[..<end], as: UTF8.self) else { throw .malformed("the head is not UTF-8") }
        let requestLine = head.split(separator: "\r\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isUppercase) else {
            throw .malformed("the request line is not 'METHOD TARGET HTTP/1.x'")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { throw .malformed("unsupported protocol '\(parts[2].prefix(20))'") }
        guard parts[1].hasPrefix("/"), let components = URLComponents(string: String(parts[1])) else {
            throw .malformed("the target is not an absolute path")
        }
        var query: [String: String] = [:]
        for item in components.queryItems ?? [] where query[item.name] == nil {
            query[item.name] = item.value ?? ""
        }
        method = String(parts[0])
        path = components.path
        self.query = query
    }
}
