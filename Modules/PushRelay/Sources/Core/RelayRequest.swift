/// A request as the relay's handlers see it: the whole body, read within the size limit.
public struct RelayRequest: Sendable, Equatable {
    /// The HTTP method (`POST`).
    public let method: String
    /// The path without the query, such as `/push/send`.
    public let path: String
    /// The query arguments (the first of repeated ones).
    public let query: [String: String]
    /// The values of the headers handlers read (`authorization`, `last-event-id`, `content-type`), by lower-cased name.
    /// (The relay's server leaves `content-type` out: it says ``isJSON`` from the field's bytes.)
    public let headers: [String: String]
    /// Whether the body is declared JSON: `Content-Type: application/json`, with or without
    /// parameters such as `charset`.
    public let isJSON: Bool
    /// The request body.
    public let body: [UInt8]
    /// The client's IP address, as text: the peer's, or the one a trusted proxy named.
    public let clientAddress: String
    /// What per-address limits count the client under: its IPv4 address, or its IPv6 /64.
    public let addressKey: String

    /// A request; `clientAddress` is the address it came from, `addressKey` what its per-address
    /// limits count (when nil: the address for IPv4, its /64 for IPv6); `isJSON` what its
    /// Content-Type says (when nil: read from `headers`).
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = [],
        clientAddress: String = "127.0.0.1", addressKey: String? = nil, isJSON: Bool? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.isJSON = isJSON ?? headers["content-type"].map { type in
            var type = type
            return type.withUTF8 { Self.namesJSON($0[...]) }
        } ?? false
        self.body = body
        self.clientAddress = clientAddress
        self.addressKey = addressKey ?? IPAddress(clientAddress)?.limitKey ?? clientAddress
    }

    /// Whether a Content-Type value is `application/json`, with or without parameters such as
    /// `charset`. Compared byte by byte, in place: this runs for every POST.
    static func namesJSON(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var end = value.firstIndex(of: UInt8(ascii: ";")) ?? value.endIndex
        while end > value.startIndex, value[end - 1] == UInt8(ascii: " ") || value[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        let expected: StaticString = "application/json"
        guard end - value.startIndex == expected.utf8CodeUnitCount else { return false }
        for offset in 0..<expected.utf8CodeUnitCount {
            let byte = value[value.startIndex + offset]
            guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected.utf8Start[offset] else { return false }
        }
        return true
    }

    /// The credential of an `Authorization: Bearer …` header.
    public var bearer: String? {
        guard let value = headers["authorization"], value.count > 7, value.prefix(7).lowercased() == "bearer " else { return nil }
        return String(value.dropFirst(7))
    }
}
