/// A token key (``SecretDigest/key(_:)``: 22 characters of base64url) as the 128 bits it
/// writes, for the in-memory maps that every request looks a key up in. A key held as a String
/// of 22 characters lives on the heap, so each comparison in a map of tens of thousands of keys
/// followed a pointer to a cold string (a cache miss per lookup) and hashed 22 bytes; two words
/// compare in place, and hashing one of them is enough, since a digest's bits are uniform.
///
/// Any other string (no relay makes one, but a stored row or a caller may hold one) is kept as
/// it is, so the conversion never fails and two keys are equal exactly when their texts are.
struct TokenKey: Hashable, Comparable, Sendable {
    private enum Form: Hashable {
        case digest(UInt64, UInt64)
        case other(String)
    }

    private let form: Form

    init(_ text: String) {
        var text = text
        form = text.withUTF8 { bytes in Self.decoded(bytes).map { .digest($0.high, $0.low) } } ?? .other(text)
    }

    /// The text the key was made from: a digest's 22 characters written again from its bits
    /// (the 16 bytes of the digest they encode), any other string as it was kept.
    var text: String {
        switch form {
        case .other(let text): text
        case .digest(let high, let low):
            withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Base64URL.encoded($0.assumingMemoryBound(to: UInt8.self)) }
        }
    }

    func hash(into hasher: inout Hasher) {
        switch form {
        case .digest(let high, _): hasher.combine(high)
        case .other(let text): hasher.combine(text)
        }
    }

    /// Digests by their bits (two words compared, not two strings), before any other key, which
    /// go by their text. Keys sorted this way and cut into runs lie in the same few stretches of a
    /// table ordered by the keys' text: near bits share the leading characters, and a base64url
    /// character's rank differs from its ASCII code's only by blocks (A-Z, a-z, 0-9, `-`, `_`).
    static func < (lhs: TokenKey, rhs: TokenKey) -> Bool {
        switch (lhs.form, rhs.form) {
        case let (.digest(leftHigh, leftLow), .digest(rightHigh, rightLow)): (leftHigh, leftLow) < (rightHigh, rightLow)
        case (.digest, .other): true
        case (.other, .digest): false
        case let (.other(left), .other(right)): left < right
        }
    }

    /// Base64url characters per key: 128 bits, six to a character.
    private static let length = 22

    /// The 128 bits of a canonical key (the last character's four unused bits zero), or nil.
    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> (high: UInt64, low: UInt64)? {
        guard bytes.count == length else { return nil }
        return sextets.withUnsafeBufferPointer { table -> (high: UInt64, low: UInt64)? in
            // Every value is below 64 and a byte that is not base64url is 255, so one test of
            // the bits they all share finds a bad character anywhere.
            var seen: UInt8 = 0
            func value(_ index: Int) -> UInt64 {
                let sextet = table[Int(bytes[index])]
                seen |= sextet
                return UInt64(sextet)
            }
            // Characters 0-9 and the top four bits of character 10 fill `high`; the rest `low`.
            var high: UInt64 = 0, low: UInt64 = 0
            for index in 0..<10 { high = high << 6 | value(index) }
            let middle = value(10)
            high = high << 4 | middle >> 2
            low = middle & 3
            for index in 11..<21 { low = low << 6 | value(index) }
            let last = value(21)
            guard seen & 0xC0 == 0, last & 15 == 0 else { return nil }
            return (high, low << 2 | last >> 4)
        }
    }

    /// The value of each byte as a base64url character (RFC 4648 section 5), 255 for any other byte.
    private static let sextets: [UInt8] = (0..<256).map { byte -> UInt8 in
        switch UInt8(byte) {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt8(byte) - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt8(byte) - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: 255
        }
    }
}
