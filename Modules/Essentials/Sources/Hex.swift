/// Bytes as hexadecimal text and back: the one codec for tokens, digests, Thread datasets and
/// percent-encoding.
public enum Hex {
    private static let lower = Array("0123456789abcdef".utf8)
    private static let upper = Array("0123456789ABCDEF".utf8)

    /// Two digits per byte, lowercase unless `uppercase`.
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        let digits = uppercase ? upper : lower
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of `text`, two digits each (either case); nil for an odd length or a byte that
    /// is no hex digit.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = HexDigit.value(digits[index]), let low = HexDigit.value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
