import Essentials

/// A fresh Thread network, as a border router's `dataset init new` makes one: a random channel
/// among 11-26, PAN ID, extended PAN ID, network key, PSKc and mesh-local prefix (a ULA
/// `fdXX:XXXX:XXXX:0::/64`), the name `OpenThread-<PAN ID>` unless one is given, OpenThread's
/// security policy, channels 11-26 in the mask, and active timestamp 1.
public struct DatasetGenerator {
    private var random: any RandomNumberGenerator

    /// A generator drawing from the world's secure random source.
    public init() {
        random = WorldRandom()
    }

    /// A generator drawing from `random` (tests pass a seeded one).
    public init(random: any RandomNumberGenerator) {
        self.random = random
    }

    /// A new active dataset; `channel` and `name` override the random channel and the default name.
    public mutating func make(channel: Int? = nil, name: String? = nil) throws(ThreadDatasetError) -> OperationalDataset {
        let chosen = channel ?? Int.random(in: 11...26, using: &random)
        guard (11...26).contains(chosen) else {
            throw .invalidValue(type: ThreadTLVType.channel.rawValue, offset: 0, reason: "channel \(chosen) is not one of 11-26 (2.4 GHz)")
        }
        var panID: UInt16
        repeat { panID = UInt16.random(in: 0...0xFFFE, using: &random) } while panID == 0
        let networkName = name ?? "OpenThread-" + Hex.encode([UInt8(panID >> 8), UInt8(panID & 0xFF)])
        guard (1...16).contains(networkName.utf8.count) else {
            throw .wrongLength(type: ThreadTLVType.networkName.rawValue, offset: 0, length: networkName.utf8.count, expected: "1 to 16")
        }
        let records: [(ThreadTLVType, [UInt8])] = [
            (.activeTimestamp, DatasetTimestamp(seconds: 1).bytes),
            (.channel, [0, UInt8(chosen >> 8), UInt8(chosen & 0xFF)]),
            (.channelMask, ChannelMaskEntry.page0(11...26).bytes),
            (.extendedPANID, bytes(8)),
            (.meshLocalPrefix, [0xFD] + bytes(5) + [0, 0]),
            (.networkKey, bytes(16)),
            (.networkName, Array(networkName.utf8)),
            (.panID, [UInt8(panID >> 8), UInt8(panID & 0xFF)]),
            (.pskc, bytes(16)),
            (.securityPolicy, SecurityPolicy.openThreadDefault.bytes),
        ]
        return try OperationalDataset(records: records.map { ThreadTLV(type: $0.0.rawValue, value: $0.1) })
    }

    private mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }
}
