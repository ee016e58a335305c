/// A strict JSON parser (RFC 8259) into ``JSONValue`` that keeps integers apart from doubles.
///
/// A number written without a fraction or exponent that fits in 64 bits is an integer; any other
/// number is a double, so `1.0` stays a double. Strings must be valid UTF-8. Nesting deeper than
/// ``maximumDepth`` is refused rather than overflowing the stack.
///
/// It reads the bytes in place and keeps no path while it works: when the input is bad, it reads
/// it a second time keeping the path, so the error names the field (bad input is the rare case).
public struct JSONParser {
    /// The deepest nesting accepted.
    public static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private let tracksPath: Bool
    private var path: [JSONParsePathComponent] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, tracksPath: Bool) {
        self.bytes = bytes
        self.tracksPath = tracksPath
    }

    /// Parses one JSON value that must fill `bytes` apart from surrounding white space.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        do {
            return try parse(bytes, tracksPath: false)
        } catch {
            // Again, keeping the path this time, for the error's sake.
            return try parse(bytes, tracksPath: true)
        }
    }

    /// Parses one JSON value that must fill `bytes` apart from surrounding white space.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(buffer) }
    }

    /// Parses one JSON value that must fill `bytes` apart from surrounding white space.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(JSONParseError) -> JSONValue {
        let outcome = bytes.withContiguousStorageIfAvailable { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }
        if let outcome { return try outcome.get() }
        return try parse(Array(bytes))
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        return try text.withUTF8 { buffer in Result { () throws(JSONParseError) in try parse(buffer) } }.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, tracksPath: Bool) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes, tracksPath: tracksPath)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected data after the value") }
        return value
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
        guard index < bytes.count else { throw failure("the input ends where a value should start") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        skipWhitespace()
        if try consume(UInt8(ascii: "}")) { return .object([:]) }
        // Members are gathered first so the dictionary is made once, at its size; room for a
        // typical object's members up front saves the array's first three regrowths.
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard try consume(UInt8(ascii: ":")) else { throw failure("expected ':' after key '\(key)'") }
            skipWhitespace()
            if tracksPath { path.append(.key(key)) }
            members.append((key, try parseValue(depth: depth + 1)))
            if tracksPath { path.removeLast() }
            skipWhitespace()
            if try consume(UInt8(ascii: ",")) { continue }
            if try consume(UInt8(ascii: "}")) { return .object(Dictionary(members) { _, last in last }) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if try consume(UInt8(ascii: "]")) { return .array(array) }
        while true {
            skipWhitespace()
            if tracksPath { path.append(.index(array.count)) }
            array.append(try parseValue(depth: depth + 1))
            if tracksPath { path.removeLast() }
            skipWhitespace()
            if try consume(UInt8(ascii: ",")) { continue }
            if try consume(UInt8(ascii: "]")) { return .array(array) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        // Most strings have no escapes: take them straight from the input, ASCII ones unchecked.
        let start = index
        let highBits: UInt8
        (index, highBits) = plainRun(from: start)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let span = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            if highBits < 0x80 { return String(decoding: span, as: UTF8.self) }
            guard let text = String(validating: span, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
            return text
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &scalars)
            case 0..<0x20:
                throw failure("a control character must be escaped in a string")
            default:
                scalars.append(byte)
            }
        }
        throw failure("the input ends inside a string")
    }

    /// Where the run of a string's bytes from `start` that need no unescaping ends (at a quote,
    /// a backslash, a control character or the end), and the OR of its bytes (0x80 set: not ASCII).
    private func plainRun(from start: Int) -> (end: Int, highBits: UInt8) {
        var end = start
        var highBits: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= byte
            end += 1
        }
        return (end, highBits)
    }

    /// The bytes of the string at `index` when it is ASCII without escapes (moving past it); nil,
    /// having moved nowhere, for any other string.
    mutating func plainStringSpan() -> Range<Int>? {
        let start = index + 1
        let (end, highBits) = plainRun(from: start)
        guard highBits < 0x80, end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        return start..<end
    }

    /// Hands the string at `index` to `body` as UTF-8, straight from the input when it is ASCII
    /// without escapes (no String made), else as ``parseString()`` reads it.
    mutating func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(JSONParseError) -> Result {
        if let span = plainStringSpan() { return body(UnsafeBufferPointer(rebasing: bytes[span])) }
        var text = try parseString()
        return text.withUTF8(body)
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw failure("the input ends inside an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("a high surrogate must be followed by a low surrogate")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid low surrogate") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone low surrogate")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid unicode escape") }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("the input ends inside a unicode escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(bytes[index]) else { throw failure("invalid hex digit in a unicode escape") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a number needs digits") }
        // The digits, whole and fraction, added up as they are read, as far as 18 of them (which
        // always fit in 64 bits); used only when every digit was.
        var mantissa: Int64 = 0
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw failure("a number may not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if index - digitsStart < 18 { mantissa = mantissa * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
        }
        let wholeDigits = index - digitsStart
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("a fraction needs digits") }
            while index < bytes.count, isDigit(bytes[index]) {
                if wholeDigits + index - fractionStart < 18 { mantissa = mantissa * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            fractionDigits = index - fractionStart
        }
        let hasFraction = index > digitsStart + wholeDigits
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("an exponent needs digits") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if !hasFraction, !hasExponent, wholeDigits <= 18 { return .integer(negative ? -mantissa : mantissa) }
        // A decimal without an exponent whose digits, read as one integer, fit a double exactly
        // (at most 2^53): that integer divided by a power of ten, which is exact too, so the one
        // rounding of the division gives the nearest double, as `Double(text)` would (timestamps
        // and most measurements are such numbers).
        if hasFraction, !hasExponent, wholeDigits + fractionDigits <= 16, mantissa <= 1 << 53, let power = Self.exactPowerOfTen(fractionDigits) {
            let value = Double(mantissa) / power
            return .double(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if !hasFraction, !hasExponent, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("the number \(text) is out of range") }
        return .double(double)
    }

    /// 10^exponent for 0 through 15 (the most fraction digits an exact decimal has), each exact as a double.
    private static func exactPowerOfTen(_ exponent: Int) -> Double? {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        default: nil
        }
    }

    /// Steps over one value without building it: strings to their closing quote (escapes
    /// honoured), containers to their closing bracket, numbers and literals to their last
    /// character. Only the boundaries are checked; whoever reads the bytes later checks the rest.
    mutating func skipValue() throws(JSONParseError) {
        var depth = 0
        repeat {
            skipWhitespace()
            guard index < bytes.count else { throw failure("the input ends inside a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0 else { throw failure("unexpected '\(Character(Unicode.Scalar(bytes[index])))'") }
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard index < bytes.count else { throw failure("the input ends inside a string") }
                index += 1
            default:
                let start = index
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "\""): break
                    default: index += 1; continue
                    }
                    break
                }
                guard index > start else { throw failure("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'") }
            }
            skipWhitespace()
            while depth > 0, index < bytes.count, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: ":") {
                index += 1
                skipWhitespace()
            }
        } while depth > 0
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count, (0..<count).allSatisfy({ bytes[index + $0] == literal.utf8Start[$0] }) else {
            throw failure("expected '\(literal)'")
        }
        index += count
    }

    mutating func consume(_ byte: UInt8) throws(JSONParseError) -> Bool {
        guard index < bytes.count else { throw failure("the input ends inside a container") }
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func failure(_ reason: String) -> JSONParseError {
        JSONParseError(reason: reason, offset: index, path: JSONPath.text(path.map(\.text)))
    }
}
