import Essentials

/// The byte form of one JSON value inside ``CompactAttributes``: a tag byte, then the value.
///
/// Integers and doubles are 8 bytes each (an integer stays an integer and a double keeps its
/// bits, so the form is as lossless as ``JSONValue``); a string is its UTF-8 after its length;
/// an array or object is its members after their byte count, so a value is stepped over without
/// being read. Only this module writes the form, so reading it trusts it.
enum CompactValueCoding {
    static let nullTag: UInt8 = 0
    static let falseTag: UInt8 = 1
    static let trueTag: UInt8 = 2
    static let integerTag: UInt8 = 3
    static let doubleTag: UInt8 = 4
    static let stringTag: UInt8 = 5
    static let arrayTag: UInt8 = 6
    static let objectTag: UInt8 = 7

    /// Nesting read member by member from the reader up to this depth; deeper values are parsed whole.
    private static let readerDepth = 16

    /// Appends `value`.
    static func append(_ value: JSONValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(nullTag)
        case .bool(let flag): bytes.append(flag ? trueTag : falseTag)
        case .integer(let number):
            bytes.append(integerTag)
            appendWord(UInt64(bitPattern: number), to: &bytes)
        case .double(let number):
            bytes.append(doubleTag)
            appendWord(number.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(stringTag)
            appendText(text, to: &bytes)
        case .array(let elements):
            bytes.append(arrayTag)
            let mark = openContainer(&bytes)
            for element in elements { append(element, to: &bytes) }
            closeContainer(&bytes, mark)
        case .object(let members):
            bytes.append(objectTag)
            let mark = openContainer(&bytes)
            for (key, member) in members {
                appendText(key, to: &bytes)
                append(member, to: &bytes)
            }
            closeContainer(&bytes, mark)
        }
    }

    /// Appends the value `reader` is at, as strictly as ``JSONReader/value()`` reads it, without a
    /// ``JSONValue`` for its arrays and objects.
    static func append(reading reader: inout JSONReader, to bytes: inout [UInt8], depth: Int = 0) throws(JSONParseError) {
        guard depth < readerDepth else { return append(try reader.value(), to: &bytes) }
        switch reader.peek() {
        case UInt8(ascii: "{"):
            bytes.append(objectTag)
            let mark = openContainer(&bytes)
            try reader.object { reader, key throws(JSONParseError) in
                appendText(key, to: &bytes)
                try append(reading: &reader, to: &bytes, depth: depth + 1)
            }
            closeContainer(&bytes, mark)
        case UInt8(ascii: "["):
            bytes.append(arrayTag)
            let mark = openContainer(&bytes)
            try reader.array { reader throws(JSONParseError) in try append(reading: &reader, to: &bytes, depth: depth + 1) }
            closeContainer(&bytes, mark)
        case UInt8(ascii: "\""):
            bytes.append(stringTag)
            try reader.withString { text in appendText(text, to: &bytes) }
        default:
            append(try reader.value(), to: &bytes)
        }
    }

    /// The value that starts at `offset`; `offset` moves past it.
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> JSONValue {
        let tag = bytes[offset]
        offset += 1
        switch tag {
        case falseTag: return .bool(false)
        case trueTag: return .bool(true)
        case integerTag: return .integer(Int64(bitPattern: word(bytes, at: &offset)))
        case doubleTag: return .double(Double(bitPattern: word(bytes, at: &offset)))
        case stringTag: return .string(text(bytes, at: &offset))
        case arrayTag:
            let end = containerEnd(bytes, at: &offset)
            var elements: [JSONValue] = []
            while offset < end { elements.append(value(bytes, at: &offset)) }
            return .array(elements)
        case objectTag:
            let end = containerEnd(bytes, at: &offset)
            var members: [(String, JSONValue)] = []
            while offset < end {
                let key = text(bytes, at: &offset)
                members.append((key, value(bytes, at: &offset)))
            }
            // As the parser does: of a key written twice, the last value counts.
            return .object(Dictionary(members) { _, last in last })
        default: return .null
        }
    }

    /// Where the value that starts at `offset` ends.
    static func end(_ bytes: UnsafeBufferPointer<UInt8>, ofValueAt offset: Int) -> Int {
        var offset = offset
        let tag = bytes[offset]
        offset += 1
        switch tag {
        case integerTag, doubleTag: return offset + 8
        case stringTag:
            let count = length(bytes, at: &offset)
            return offset + count
        case arrayTag, objectTag: return containerEnd(bytes, at: &offset)
        default: return offset
        }
    }

    /// Appends a length (or any count), 7 bits a byte, the low bits first.
    static func appendLength(_ count: Int, to bytes: inout [UInt8]) {
        var rest = UInt(count)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// The length written at `offset` by ``appendLength(_:to:)``; `offset` moves past it.
    static func length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int {
        var count: UInt = 0
        var shift: UInt = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            count |= UInt(byte & 0x7F) << shift
            guard byte & 0x80 != 0 else { return Int(count) }
            shift += 7
        }
    }

    /// Appends a string's UTF-8 after its length.
    static func appendText(_ text: String, to bytes: inout [UInt8]) {
        appendLength(text.utf8.count, to: &bytes)
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends UTF-8 after its length.
    static func appendText(_ text: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        appendLength(text.count, to: &bytes)
        bytes.append(contentsOf: text)
    }

    /// The string written at `offset` by ``appendText(_:to:)``; `offset` moves past it.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> String {
        let count = length(bytes, at: &offset)
        defer { offset += count }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
    }

    /// Replaces `range` of `bytes` with `replacement`: in place when it is as long, else in a new
    /// array of exactly the new size (an array grown by appending would keep spare capacity).
    static func replace(_ range: Range<Int>, of bytes: inout [UInt8], with replacement: some Collection<UInt8>) {
        guard range.count != replacement.count else { return bytes.replaceSubrange(range, with: replacement) }
        var next: [UInt8] = []
        next.reserveCapacity(bytes.count - range.count + replacement.count)
        next.append(contentsOf: bytes[..<range.lowerBound])
        next.append(contentsOf: replacement)
        next.append(contentsOf: bytes[range.upperBound...])
        bytes = next
    }

    private static func appendWord(_ word: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: word.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> UInt64 {
        var word: UInt64 = 0
        for index in (0..<8).reversed() { word = word << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return word
    }

    /// Reserves a container's 4-byte count of member bytes; ``closeContainer(_:_:)`` fills it in.
    private static func openContainer(_ bytes: inout [UInt8]) -> Int {
        bytes.append(contentsOf: [0, 0, 0, 0])
        return bytes.count
    }

    private static func closeContainer(_ bytes: inout [UInt8], _ mark: Int) {
        let count = UInt32(bytes.count - mark)
        for index in 0..<4 { bytes[mark - 4 + index] = UInt8(truncatingIfNeeded: count >> (8 * UInt32(index))) }
    }

    /// Where the container whose count is at `offset` ends; `offset` moves to its first member.
    private static func containerEnd(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int {
        var count = 0
        for index in 0..<4 { count |= Int(bytes[offset + index]) << (8 * index) }
        offset += 4
        return offset + count
    }
}
