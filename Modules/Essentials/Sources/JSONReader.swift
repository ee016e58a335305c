/// A cursor over JSON bytes for decoders written by hand for one hot shape (such as the
/// `subscribe_entities` stream): they walk objects and arrays themselves and take the values
/// they keep as ``JSONValue``s, as strictly as ``JSONParser`` (it does the reading), without a
/// tree for the parts they take apart. Valid only while the bytes it reads are.
public struct JSONReader {
    private var parser: JSONParser

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes, tracksPath: false)
    }

    /// The byte offset the reader is at.
    public var offset: Int { parser.index }

    /// The next byte that is not white space (stepping over the white space), or nil at the end.
    public mutating func peek() -> UInt8? {
        parser.skipWhitespace()
        return parser.index < parser.bytes.count ? parser.bytes[parser.index] : nil
    }

    /// Reads a whole value.
    public mutating func value() throws(JSONParseError) -> JSONValue {
        parser.skipWhitespace()
        return try parser.parseValue(depth: 1)
    }

    /// Reads a string.
    public mutating func string() throws(JSONParseError) -> String {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { throw parser.failure("expected a string") }
        return try parser.parseString()
    }

    /// Reads a string, handing its UTF-8 to `body`: without making a String when it is ASCII
    /// without escapes (valid only during `body`).
    public mutating func withString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(JSONParseError) -> Result {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { throw parser.failure("expected a string") }
        return try parser.withStringBytes(body)
    }

    /// Reads a number as a double (integers included).
    public mutating func double() throws(JSONParseError) -> Double {
        switch try value() {
        case .integer(let number): return Double(number)
        case .double(let number): return number
        default: throw parser.failure("expected a number")
        }
    }

    /// Steps over a value, checking only where it ends.
    public mutating func skip() throws(JSONParseError) {
        try parser.skipValue()
    }

    /// True, and steps over it, when the next value is `null`.
    public mutating func null() throws(JSONParseError) -> Bool {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "n") else { return false }
        _ = try parser.parseValue(depth: 1)
        return true
    }

    /// Reads an object, calling `member` with each key; `member` must read or skip the value.
    public mutating func object(_ member: (inout JSONReader, String) throws(JSONParseError) -> Void) throws(JSONParseError) {
        try open(UInt8(ascii: "{"), "an object")
        if try parser.consume(UInt8(ascii: "}")) { return }
        try self.member(member)
        try restOfObject(member)
    }

    /// Reads the rest of an object whose `{` and first members were read some other way: any
    /// further members (`,` and a member), then the `}`.
    public mutating func restOfObject(_ member: (inout JSONReader, String) throws(JSONParseError) -> Void) throws(JSONParseError) {
        while true {
            parser.skipWhitespace()
            if try parser.consume(UInt8(ascii: ",")) {
                try self.member(member)
                continue
            }
            if try parser.consume(UInt8(ascii: "}")) { return }
            throw parser.failure("expected ',' or '}' in an object")
        }
    }

    /// Reads an object as ``object(_:)`` does, handing each key over as its UTF-8 instead of a
    /// String (straight from the input when it is ASCII without escapes), valid only during `member`.
    public mutating func objectWithKeyBytes(
        _ member: (inout JSONReader, UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        try open(UInt8(ascii: "{"), "an object")
        if try parser.consume(UInt8(ascii: "}")) { return }
        repeat {
            parser.skipWhitespace()
            guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "\"") else { throw parser.failure("expected a string") }
            if let span = parser.plainStringSpan() {
                try memberValue()
                try member(&self, UnsafeBufferPointer(rebasing: parser.bytes[span]))
            } else {
                var key = try parser.parseString()
                try memberValue()
                var failure: JSONParseError?
                key.withUTF8 { key in
                    do throws(JSONParseError) { try member(&self, key) } catch { failure = error }
                }
                if let failure { throw failure }
            }
            parser.skipWhitespace()
        } while try parser.consume(UInt8(ascii: ","))
        guard try parser.consume(UInt8(ascii: "}")) else { throw parser.failure("expected ',' or '}' in an object") }
    }

    /// Steps over `literal` when the input goes on (after white space) with exactly its bytes;
    /// false, having moved nowhere, otherwise. For matching a known serialization byte for byte.
    public mutating func skip(ifNext literal: [UInt8]) -> Bool {
        parser.skipWhitespace()
        let end = parser.index + literal.count
        guard end <= parser.bytes.count, parser.bytes[parser.index..<end].elementsEqual(literal) else { return false }
        parser.index = end
        return true
    }

    /// Reads an array, calling `element` for each; `element` must read or skip the value.
    public mutating func array(_ element: (inout JSONReader) throws(JSONParseError) -> Void) throws(JSONParseError) {
        try open(UInt8(ascii: "["), "an array")
        if try parser.consume(UInt8(ascii: "]")) { return }
        while true {
            try element(&self)
            parser.skipWhitespace()
            if try parser.consume(UInt8(ascii: ",")) { continue }
            if try parser.consume(UInt8(ascii: "]")) { return }
            throw parser.failure("expected ',' or ']' in an array")
        }
    }

    /// Fails unless only white space is left.
    public mutating func end() throws(JSONParseError) {
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected data after the value") }
    }

    /// An error at the reader's offset.
    public func failure(_ reason: String) -> JSONParseError {
        parser.failure(reason)
    }

    private mutating func member(_ member: (inout JSONReader, String) throws(JSONParseError) -> Void) throws(JSONParseError) {
        let key = try string()
        try memberValue(after: key)
        try member(&self, key)
    }

    /// Steps over the `:` between a key and its value.
    private mutating func memberValue(after key: String? = nil) throws(JSONParseError) {
        parser.skipWhitespace()
        guard try parser.consume(UInt8(ascii: ":")) else { throw parser.failure("expected ':' after key" + (key.map { " '\($0)'" } ?? "")) }
    }

    private mutating func open(_ bracket: UInt8, _ what: String) throws(JSONParseError) {
        parser.skipWhitespace()
        guard parser.index < parser.bytes.count, parser.bytes[parser.index] == bracket else { throw parser.failure("expected \(what)") }
        parser.index += 1
        parser.skipWhitespace()
    }
}
