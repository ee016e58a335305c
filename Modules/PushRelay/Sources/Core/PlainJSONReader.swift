/// A cursor over JSON bytes that reads only the plainest JSON: objects, `null`, and strings of
/// printable ASCII without escapes, given as the range of their bytes (no `String` made). Every
/// method answers false or nil at anything else, and the caller gives up: the full parser
/// (`JSONParser`) then reads the same bytes, and says what is wrong with them if anything is.
struct PlainJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool {
        skipSpace()
        return index == bytes.count
    }

    /// Moves past `byte` (after whitespace) if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Moves past `null` (after whitespace) if it is next.
    mutating func consumeNull() -> Bool {
        skipSpace()
        guard bytes.count - index >= 4, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    /// The bytes between the quotes of the string next (after whitespace): printable ASCII
    /// (0x20 to 0x7E) without a backslash, which JSON and `JSONSerializer` write as they are.
    mutating func plainString() -> Range<Int>? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// Reads the string next into `slot`, which must be empty: a key given twice is not read here.
    mutating func plainString(into slot: inout Range<Int>?) -> Bool {
        guard slot == nil, let value = plainString() else { return false }
        slot = value
        return true
    }

    /// Reads an object (after whitespace), calling `member` with each key's bytes to read its
    /// value; false when the object is not read whole (`member` said false, or the JSON is not
    /// of this reader's kind).
    mutating func object(_ member: (inout PlainJSONReader, Range<Int>) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            guard let key = plainString(), consume(UInt8(ascii: ":")), member(&self, key) else { return false }
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}"))
        }
    }

    /// Whether the bytes at `range` are `text`'s.
    func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] { return false }
        return true
    }

    /// The bytes at `range`.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }
}
