/// What a Matter device's onboarding payload says: how to find it, and its setup passcode. Read
/// from a QR code (``init(qrCode:)``, ``parse(_:)``) or a manual pairing code
/// (``init(manualCode:)``), written back as either (``qrCode``, ``manualCode``).
public struct SetupPayload: Sendable, Equatable {
    /// The longest code read, in characters.
    public static let maximumCodeLength = 2_048

    /// The payload's version (3 bits; 0 is the only one defined).
    public var version: UInt8
    /// The vendor id (0 when a manual code does not carry it).
    public var vendorID: UInt16
    /// The product id (0 when a manual code does not carry it).
    public var productID: UInt16
    /// How the device enters commissioning mode.
    public var flow: CommissioningFlow
    /// Where it can be found; nil from a manual pairing code, which does not say.
    public var discovery: DiscoveryCapabilities?
    /// The 12-bit discriminator; nil from a manual pairing code, which carries only its top four bits.
    public var discriminator: UInt16?
    /// The discriminator's top four bits.
    public var shortDiscriminator: UInt8
    /// The setup passcode (27 bits; see ``isValidPasscode(_:)``).
    public var passcode: UInt32
    /// A QR code's optional data by context tag (0 the serial number).
    public var optionalData: [UInt8: MatterTLVValue]

    /// A payload as a QR code carries it; refuses a field out of its range.
    public init(
        version: UInt8 = 0, vendorID: UInt16, productID: UInt16, flow: CommissioningFlow = .standard, discovery: DiscoveryCapabilities,
        discriminator: UInt16, passcode: UInt32, optionalData: [UInt8: MatterTLVValue] = [:]
    ) throws(SetupPayloadError) {
        guard version == 0 else { throw .invalidField(field: "version", reason: "\(version); only version 0 is defined") }
        guard discriminator < 1 << 12 else { throw .invalidField(field: "discriminator", reason: "\(discriminator) does not fit its 12 bits") }
        try Self.check(passcode: passcode)
        self.version = version
        self.vendorID = vendorID
        self.productID = productID
        self.flow = flow
        self.discovery = discovery
        self.discriminator = discriminator
        shortDiscriminator = UInt8(discriminator >> 8)
        self.passcode = passcode
        self.optionalData = optionalData
    }

    /// A payload as a manual pairing code carries it.
    init(vendorID: UInt16, productID: UInt16, flow: CommissioningFlow, shortDiscriminator: UInt8, passcode: UInt32) throws(SetupPayloadError) {
        try Self.check(passcode: passcode)
        version = 0
        self.vendorID = vendorID
        self.productID = productID
        self.flow = flow
        discovery = nil
        discriminator = nil
        self.shortDiscriminator = shortDiscriminator
        self.passcode = passcode
        optionalData = [:]
    }

    /// The serial number in the optional data, if any.
    public var serialNumber: String? {
        optionalData[MatterOptionalData.serialNumberTag].map(\.text)
    }

    /// Whether the specification allows `passcode`: 1 to 99,999,998, except 11111111, 22222222,
    /// …, 88888888, 12345678 and 87654321, which are too easy to guess.
    public static func isValidPasscode(_ passcode: UInt32) -> Bool {
        let trivial: Set<UInt32> = [11_111_111, 22_222_222, 33_333_333, 44_444_444, 55_555_555, 66_666_666, 77_777_777, 88_888_888, 12_345_678, 87_654_321]
        return (1...99_999_998).contains(passcode) && !trivial.contains(passcode)
    }

    private static func check(passcode: UInt32) throws(SetupPayloadError) {
        guard isValidPasscode(passcode) else {
            throw .invalidField(field: "passcode", reason: "\(passcode) is not allowed (0, 11111111 … 88888888, 12345678, 87654321 and 99999999 or more are refused)")
        }
    }
}
