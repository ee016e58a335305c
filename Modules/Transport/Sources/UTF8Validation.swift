/// Checks that bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF) without making a String of them: ASCII, most of what a
/// WebSocket peer sends, eight bytes at a time.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            guard let length = sequenceLength(lead), index + length <= bytes.count else { return false }
            let second = bytes[index + 1]
            guard secondByteRange(lead).contains(second) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// How many bytes a sequence with this lead byte has; nil for a byte no sequence starts with.
    private static func sequenceLength(_ lead: UInt8) -> Int? {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: nil
        }
    }

    /// The second byte's range, narrower than 80...BF after the leads whose next byte decides
    /// between an overlong form, a surrogate or a code point beyond U+10FFFF and a valid one.
    private static func secondByteRange(_ lead: UInt8) -> ClosedRange<UInt8> {
        switch lead {
        case 0xE0: 0xA0...0xBF
        case 0xED: 0x80...0x9F
        case 0xF0: 0x90...0xBF
        case 0xF4: 0x80...0x8F
        default: 0x80...0xBF
        }
    }
}
