extension OperationalDataset {
    /// The channel page and channel.
    public var channel: (page: Int, channel: Int)? {
        value(.channel).map { (Int($0[0]), Int($0[1]) << 8 | Int($0[2])) }
    }

    public var panID: UInt16? { value(.panID).map { UInt16($0[0]) << 8 | UInt16($0[1]) } }

    public var extendedPANID: [UInt8]? { value(.extendedPANID) }

    public var networkName: String? { value(.networkName).flatMap { String(validating: $0, as: UTF8.self) } }

    /// The PSKc: a secret, never printed unless asked for.
    public var pskc: [UInt8]? { value(.pskc) }

    /// The network key: a secret, never printed unless asked for.
    public var networkKey: [UInt8]? { value(.networkKey) }

    /// The mesh-local prefix's 8 bytes (a /64).
    public var meshLocalPrefix: [UInt8]? { value(.meshLocalPrefix) }

    public var securityPolicy: SecurityPolicy? { value(.securityPolicy).flatMap { SecurityPolicy(bytes: $0) } }

    public var activeTimestamp: DatasetTimestamp? { value(.activeTimestamp).map { DatasetTimestamp($0[...]) } }

    public var pendingTimestamp: DatasetTimestamp? { value(.pendingTimestamp).map { DatasetTimestamp($0[...]) } }

    /// Milliseconds until a pending dataset becomes active.
    public var delayTimer: UInt32? { value(.delayTimer).map { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } } }

    public var channelMask: [ChannelMaskEntry]? { value(.channelMask).flatMap(ChannelMaskEntry.entries) }

    /// The TLVs no reader here interprets (vendor, future or commissioning types), as they came.
    public var otherRecords: [ThreadTLV] {
        let typed: Set<ThreadTLVType> = [
            .channel, .panID, .extendedPANID, .networkName, .pskc, .networkKey, .meshLocalPrefix, .securityPolicy, .activeTimestamp,
            .pendingTimestamp, .delayTimer, .channelMask,
        ]
        return records.filter { record in record.knownType.map { !typed.contains($0) } ?? true }
    }

    /// The PAN ID as four hex digits (`0x1234`).
    public var panIDText: String? {
        panID.map { id in
            let digits = String(id, radix: 16)
            return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// The mesh-local prefix as IPv6 text (`fd11:22:33:44::/64`).
    public var meshLocalPrefixText: String? {
        meshLocalPrefix.map { bytes in
            let groups = stride(from: 0, to: 8, by: 2).map { String(Int(bytes[$0]) << 8 | Int(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        }
    }
}
