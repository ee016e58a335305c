/// The security policy TLV: the key rotation time in hours and the policy bits. Thread 1.1 wrote
/// one byte of bits; 1.2 and later write two, the second with the version threshold for routing.
/// The bytes are kept as they are, so a policy decodes and encodes to the same bytes.
public struct SecurityPolicy: Sendable, Hashable {
    /// The TLV value (3 or 4 bytes).
    public let bytes: [UInt8]

    /// Decodes a TLV value; nil when it is not 3 or 4 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 3 || bytes.count == 4 else { return nil }
        self.bytes = bytes
    }

    /// The policy OpenThread's `dataset init new` writes: 672 hours, `onrc` with CCM, autonomous
    /// enrollment, network key provisioning, ToBLE link and non-CCM routers off, threshold 0.
    public static let openThreadDefault = SecurityPolicy(rotationHours: 672, flags: [0xF7, 0xF8])

    init(rotationHours: UInt16, flags: [UInt8]) {
        bytes = [UInt8(rotationHours >> 8), UInt8(rotationHours & 0xFF)] + flags
    }

    public var rotationHours: Int { Int(bytes[0]) << 8 | Int(bytes[1]) }
    private func bit(_ byte: Int, _ mask: UInt8) -> Bool { bytes.count > byte && bytes[byte] & mask != 0 }

    /// O: out-of-band commissioning may obtain the network key.
    public var obtainNetworkKey: Bool { bit(2, 0x80) }
    /// N: native commissioning with the PSKc is allowed.
    public var nativeCommissioning: Bool { bit(2, 0x40) }
    /// R: Thread 1.0/1.1 routers may join.
    public var routers: Bool { bit(2, 0x20) }
    /// C: external commissioners may authenticate with the PSKc.
    public var externalCommissioning: Bool { bit(2, 0x10) }
    /// CCM: commercial commissioning mode (the bit is set when it is off).
    public var commercialCommissioning: Bool { !bit(2, 0x04) }
    /// AE: autonomous enrollment (the bit is set when it is off).
    public var autonomousEnrollment: Bool { !bit(2, 0x02) }
    /// NP: network key provisioning (the bit is set when it is off).
    public var networkKeyProvisioning: Bool { !bit(2, 0x01) }
    /// L: ToBLE link (the bit is set when it is off); Thread 1.2 and later.
    public var toBLELink: Bool? { bytes.count == 4 ? !bit(3, 0x80) : nil }
    /// NCR: non-CCM routers (the bit is set when they are not allowed); Thread 1.2 and later.
    public var nonCCMRouters: Bool? { bytes.count == 4 ? !bit(3, 0x40) : nil }
    /// The lowest protocol version a router must run (0: Thread 1.1, 1: 1.2, …); Thread 1.2 and later.
    public var versionThreshold: Int? { bytes.count == 4 ? Int(bytes[3] & 0x07) : nil }
}
