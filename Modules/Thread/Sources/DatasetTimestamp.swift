/// An active or pending timestamp: 48 bits of seconds, 15 bits of ticks (1/32768 s), and the
/// authoritative bit. A newer timestamp wins when two datasets describe one network.
public struct DatasetTimestamp: Sendable, Hashable, Comparable {
    public var seconds: UInt64
    public var ticks: UInt16
    public var authoritative: Bool

    public init(seconds: UInt64, ticks: UInt16 = 0, authoritative: Bool = false) {
        self.seconds = seconds & 0xFFFF_FFFF_FFFF
        self.ticks = ticks & 0x7FFF
        self.authoritative = authoritative
    }

    /// Decodes the 8 bytes of the TLV's value.
    init(_ bytes: ArraySlice<UInt8>) {
        let packed = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        self.init(seconds: packed >> 16, ticks: UInt16((packed >> 1) & 0x7FFF), authoritative: packed & 1 == 1)
    }

    /// The TLV value.
    public var bytes: [UInt8] {
        let packed = seconds << 16 | UInt64(ticks) << 1 | (authoritative ? 1 : 0)
        return (0..<8).map { UInt8(truncatingIfNeeded: packed >> (56 - 8 * $0)) }
    }

    public static func < (lhs: DatasetTimestamp, rhs: DatasetTimestamp) -> Bool {
        (lhs.seconds, lhs.ticks) < (rhs.seconds, rhs.ticks)
    }
}
