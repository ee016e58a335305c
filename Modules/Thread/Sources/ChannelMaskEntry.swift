/// One entry of the channel mask TLV: a channel page and the channels of that page it allows
/// (bit 0 of the first mask byte is channel 0).
public struct ChannelMaskEntry: Sendable, Hashable {
    public let page: UInt8
    public let mask: [UInt8]

    public init(page: UInt8, mask: [UInt8]) {
        self.page = page
        self.mask = mask
    }

    /// The channels the mask allows, ascending.
    public var channels: [Int] {
        mask.enumerated().flatMap { index, byte in (0..<8).compactMap { bit in byte & (0x80 >> bit) != 0 ? index * 8 + bit : nil } }
    }

    /// Page 0 with `channels` (0-31) allowed.
    public static func page0(_ channels: ClosedRange<Int>) -> ChannelMaskEntry {
        var mask = [UInt8](repeating: 0, count: 4)
        for channel in channels where (0..<32).contains(channel) { mask[channel / 8] |= 0x80 >> (channel % 8) }
        return ChannelMaskEntry(page: 0, mask: mask)
    }

    /// Decodes the TLV value: entries of page, mask length, mask; nil when an entry runs short.
    static func entries(_ value: [UInt8]) -> [ChannelMaskEntry]? {
        var entries: [ChannelMaskEntry] = []
        var offset = 0
        while offset < value.count {
            guard offset + 2 <= value.count else { return nil }
            let length = Int(value[offset + 1])
            guard offset + 2 + length <= value.count else { return nil }
            entries.append(ChannelMaskEntry(page: value[offset], mask: Array(value[offset + 2..<offset + 2 + length])))
            offset += 2 + length
        }
        return entries
    }

    var bytes: [UInt8] { [page, UInt8(mask.count)] + mask }
}
