/// A block of IP addresses written as CIDR (`10.0.0.0/8`, `fd00::/8`) or one address (a /32 or
/// /128), such as the relay's trusted proxies.
public struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    /// The network address, its host bits zero.
    public let network: IPAddress
    /// Leading bits that must match, counted over the 128 bits (an IPv4 /8 is 104 here).
    private let bits: Int
    public let description: String

    /// Parses `ADDRESS[/BITS]`; the error names what is wrong.
    public init(_ text: String) throws(RelayConfigurationError) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { throw RelayConfigurationError("'\(text)' is not an IP address or CIDR block") }
        let width = address.isIPv4 ? 32 : 128
        var prefix = width
        if parts.count == 2 {
            guard let count = Int(parts[1]), (0...width).contains(count) else {
                throw RelayConfigurationError("'\(text)': the prefix length must be 0...\(width)")
            }
            prefix = count
        }
        network = address
        bits = prefix + 128 - width
        description = text
    }

    /// Whether `address` is in the range.
    public func contains(_ address: IPAddress) -> Bool {
        var left = bits
        for (mine, theirs) in zip(network.bytes, address.bytes) where left > 0 {
            let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
            guard mine & mask == theirs & mask else { return false }
            left -= 8
        }
        return true
    }
}
