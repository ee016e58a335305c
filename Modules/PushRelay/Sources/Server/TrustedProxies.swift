import Foundation

/// The proxies whose word about a client's address is taken: only a connection from one of them
/// may start with a PROXY protocol header, and only its requests' `X-Forwarded-For` counts.
public struct TrustedProxies: Sendable, Equatable {
    /// The ranges trusted.
    public var ranges: [AddressRange]

    /// Trusts `ranges`.
    public init(_ ranges: [AddressRange] = []) {
        self.ranges = ranges
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether `address` is a trusted proxy's.
    public func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client behind `peer`: `peer` itself unless it is trusted; else the rightmost entry of
    /// `X-Forwarded-For` that is not a trusted proxy (each proxy appends the address it saw, so
    /// entries left of the first untrusted one are the client's word, and a client can write
    /// anything). When every entry is trusted, the leftmost; at an entry that is not an address,
    /// the last proxy before it.
    public func client(of peer: IPAddress, forwardedFor: String?) -> IPAddress {
        guard let forwardedFor, trusts(peer) else { return peer }
        var client = peer
        for entry in forwardedFor.split(separator: ",").reversed() {
            guard let address = Self.address(in: entry) else { return client }
            client = address
            if !trusts(address) { return address }
        }
        return client
    }

    /// An entry's address: bare, `[IPv6]`, with or without a port (`1.2.3.4:80`, `[::1]:80`).
    private static func address(in entry: Substring) -> IPAddress? {
        var text = entry.trimmingCharacters(in: .whitespaces)[...]
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[text.index(after: text.startIndex)..<close]
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = text[..<colon]
        }
        return IPAddress(text)
    }
}
