/// Writes one JSON object member by member, as compactly as ``JSONSerializer`` writes: for an
/// answer of a fixed shape written very often, without a ``JSONValue`` tree or a dictionary to
/// sort. Members go out in the order they are given (give them sorted to match the serializer).
public struct JSONObjectWriter: Sendable {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    /// Where this object's `{` is in `bytes`: 0, or further on for an object written inside its
    /// parent's bytes.
    private var start = 0

    public init() {
        bytes.reserveCapacity(192)
    }

    /// An object that continues `bytes`, a parent's.
    private init(continuing bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.count
        self.bytes.append(UInt8(ascii: "{"))
    }

    public mutating func string(_ key: String, _ value: String) {
        member(key)
        JSONSerializer.writeString(value, into: &bytes)
    }

    public mutating func integer(_ key: String, _ value: Int) {
        member(key)
        JSONSerializer.writeInteger(Int64(value), into: &bytes)
    }

    /// Adds an object whose members `write` gives, written straight into this one's bytes.
    public mutating func object(_ key: String, _ write: (inout JSONObjectWriter) -> Void) {
        member(key)
        var nested = JSONObjectWriter(continuing: taken())
        write(&nested)
        nested.bytes.append(UInt8(ascii: "}"))
        bytes = nested.taken()
    }

    /// Adds `value` as `JSONSerializer` writes it, nothing when it is nil; false (and the object
    /// unfinished) when it holds a number JSON cannot express.
    public mutating func value(_ key: String, _ value: JSONValue?) -> Bool {
        guard let value else { return true }
        member(key)
        return JSONSerializer.write(value, into: &bytes)
    }

    /// The object's bytes, closed (in place: no copy when the writer is not used after).
    public consuming func finished() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The bytes, left empty here, so whoever takes them holds the only reference (no copy).
    private mutating func taken() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    private mutating func member(_ key: String) {
        if bytes.count > start + 1 { bytes.append(UInt8(ascii: ",")) }
        JSONSerializer.writeString(key, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}
