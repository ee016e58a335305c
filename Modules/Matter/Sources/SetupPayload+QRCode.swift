extension SetupPayload {
    /// What a QR code's text starts with.
    public static let qrPrefix = "MT:"
    /// The bytes of the fixed part: 88 bits.
    static let fixedBytes = 11
    /// The most payloads one QR code may join with `*`.
    public static let maximumPayloads = 16

    /// Every payload of a QR code's text (`MT:` then base38 payloads joined with `*`).
    public static func payloads(qrCode text: String) throws(SetupPayloadError) -> [SetupPayload] {
        guard text.utf8.count <= maximumCodeLength else { throw .tooLong(text.utf8.count) }
        guard text.hasPrefix(qrPrefix) else { throw .notACode(text) }
        let parts = text.dropFirst(qrPrefix.count).split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count <= maximumPayloads else { throw .wrongLength("\(parts.count) payloads joined; at most \(maximumPayloads) are read") }
        var payloads: [SetupPayload] = []
        for part in parts { payloads.append(try SetupPayload(base38: String(part))) }
        return payloads
    }

    /// The one payload of a QR code's text; a code joining several is refused.
    public init(qrCode text: String) throws(SetupPayloadError) {
        let payloads = try Self.payloads(qrCode: text)
        guard payloads.count == 1, let payload = payloads.first else { throw .wrongLength("the QR code joins \(payloads.count) payloads; one was expected") }
        self = payload
    }

    private init(base38 text: String) throws(SetupPayloadError) {
        let bytes = try Base38.decode(text)
        guard bytes.count >= Self.fixedBytes else { throw .wrongLength("the payload is \(bytes.count) bytes; a QR code's is at least \(Self.fixedBytes)") }
        var bits = BitReader(bytes: bytes)
        let version = UInt8(bits.take(3))
        let vendorID = UInt16(bits.take(16))
        let productID = UInt16(bits.take(16))
        let flowValue = UInt8(bits.take(2))
        let discovery = DiscoveryCapabilities(rawValue: UInt8(bits.take(8)))
        let discriminator = UInt16(bits.take(12))
        let passcode = UInt32(bits.take(27))
        guard bits.take(4) == 0 else { throw .invalidField(field: "padding", reason: "its four bits are not zero") }
        guard let flow = CommissioningFlow(rawValue: flowValue) else { throw .invalidField(field: "flow", reason: "\(flowValue) is reserved") }
        let optional = bytes.count > Self.fixedBytes ? try MatterOptionalData.read(Array(bytes[Self.fixedBytes...])) : [:]
        try self.init(
            version: version, vendorID: vendorID, productID: productID, flow: flow, discovery: discovery, discriminator: discriminator, passcode: passcode,
            optionalData: optional
        )
    }

    /// The QR code's text; nil for a payload from a manual code (it lacks the discovery
    /// capabilities and the whole discriminator).
    public var qrCode: String? {
        guard let discovery, let discriminator else { return nil }
        var bits = BitWriter()
        bits.put(UInt64(version), 3)
        bits.put(UInt64(vendorID), 16)
        bits.put(UInt64(productID), 16)
        bits.put(UInt64(flow.rawValue), 2)
        bits.put(UInt64(discovery.rawValue), 8)
        bits.put(UInt64(discriminator), 12)
        bits.put(UInt64(passcode), 27)
        bits.put(0, 4)
        let optional = optionalData.isEmpty ? [] : MatterOptionalData.write(optionalData)
        return Self.qrPrefix + Base38.encode(bits.bytes + optional)
    }

    /// Reads fields least significant bit first, as the QR code packs them.
    private struct BitReader {
        let bytes: [UInt8]
        var position = 0

        mutating func take(_ count: Int) -> UInt64 {
            var value: UInt64 = 0
            for bit in 0..<count {
                let index = position + bit
                if bytes[index / 8] & (1 << (index % 8)) != 0 { value |= 1 << UInt64(bit) }
            }
            position += count
            return value
        }
    }

    private struct BitWriter {
        var bytes = [UInt8](repeating: 0, count: SetupPayload.fixedBytes)
        var position = 0

        mutating func put(_ value: UInt64, _ count: Int) {
            for bit in 0..<count where value & (1 << UInt64(bit)) != 0 {
                let index = position + bit
                bytes[index / 8] |= 1 << (index % 8)
            }
            position += count
        }
    }
}
