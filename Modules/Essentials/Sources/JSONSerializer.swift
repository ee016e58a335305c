/// Writes a ``JSONValue`` as compact JSON text with sorted keys.
///
/// Integers are written as integers and doubles always with a fraction or exponent, so a value
/// parsed by ``JSONParser`` and written again keeps its kind (`1.0` stays `1.0`).
public enum JSONSerializer {
    /// The value as UTF-8 JSON bytes; a non-finite double (which JSON cannot express) is an error.
    public static func data(_ value: JSONValue) throws(JSONEncodingError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        guard write(value, into: &output) else {
            // Bad input is the rare case: only then is the path to the value worked out.
            let (path, number) = unwritable(value) ?? ([], .nan)
            throw JSONEncodingError(path: JSONPath.text(path), reason: "\(number) cannot be written as JSON")
        }
        return output
    }

    /// The value as JSON text; `pretty` indents it by two spaces a level for people to read.
    public static func string(_ value: JSONValue, pretty: Bool = false) throws(JSONEncodingError) -> String {
        guard pretty else { return String(decoding: try data(value), as: UTF8.self) }
        var output: [UInt8] = []
        try writePretty(value, into: &output, indent: 0, path: [])
        return String(decoding: output, as: UTF8.self)
    }

    private static func writePretty(_ value: JSONValue, into output: inout [UInt8], indent: Int, path: [String]) throws(JSONEncodingError) {
        let inner = [UInt8](repeating: UInt8(ascii: " "), count: indent + 2)
        switch value {
        case .array(let items) where !items.isEmpty:
            output.append(contentsOf: Array("[\n".utf8))
            for (offset, item) in items.enumerated() {
                output.append(contentsOf: inner)
                try writePretty(item, into: &output, indent: indent + 2, path: path + ["[\(offset)]"])
                output.append(contentsOf: Array((offset < items.count - 1 ? ",\n" : "\n").utf8))
            }
            output.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent) + [UInt8(ascii: "]")])
        case .object(let fields) where !fields.isEmpty:
            output.append(contentsOf: Array("{\n".utf8))
            let keys = fields.keys.sorted()
            for (offset, key) in keys.enumerated() {
                output.append(contentsOf: inner)
                writeString(key, into: &output)
                output.append(contentsOf: Array(": ".utf8))
                try writePretty(fields[key] ?? .null, into: &output, indent: indent + 2, path: path + [key])
                output.append(contentsOf: Array((offset < keys.count - 1 ? ",\n" : "\n").utf8))
            }
            output.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent) + [UInt8(ascii: "}")])
        default:
            guard write(value, into: &output) else {
                let (inner, number) = unwritable(value) ?? ([], .nan)
                throw JSONEncodingError(path: JSONPath.text(path + inner), reason: "\(number) cannot be written as JSON")
            }
        }
    }

    /// Writes `value` compactly; false when it holds a non-finite double. Literals, integers and
    /// strings without escapes go in without a String or array made for them.
    static func write(_ value: JSONValue, into output: inout [UInt8]) -> Bool {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): writeInteger(integer, into: &output)
        case .double(let double):
            guard double.isFinite else { return false }
            writeDouble(double, into: &output)
        case .string(let text): writeString(text, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                guard write(item, into: &output) else { return false }
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            var first = true
            // Sorted as members, so no value is looked up again by its key.
            for (key, member) in fields.sorted(by: { $0.key < $1.key }) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                guard write(member, into: &output) else { return false }
            }
            output.append(UInt8(ascii: "}"))
        }
        return true
    }

    /// The first number ``write(_:into:)`` cannot write, in the order it writes them, and its path.
    private static func unwritable(_ value: JSONValue) -> (path: [String], number: Double)? {
        switch value {
        case .double(let double): return double.isFinite ? nil : ([], double)
        case .array(let items):
            for (offset, item) in items.enumerated() {
                if let inner = unwritable(item) { return (["[\(offset)]"] + inner.path, inner.number) }
            }
            return nil
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let inner = unwritable(fields[key] ?? .null) { return ([key] + inner.path, inner.number) }
            }
            return nil
        default: return nil
        }
    }

    /// An integer's decimal digits, written straight into `output`.
    static func writeInteger(_ integer: Int64, into output: inout [UInt8]) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // Reversed by swapping in place: reversing `output[start...]` copied the whole array.
        var (low, high) = (start, output.count - 1)
        while low < high {
            output.swapAt(low, high)
            (low, high) = (low + 1, high - 1)
        }
    }

    /// A double as Swift's shortest round-tripping text, always with a fraction or exponent.
    private static func writeDouble(_ double: Double, into output: inout [UInt8]) {
        let text = "\(double)"
        output.append(contentsOf: text.utf8)
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            output.append(contentsOf: ".0".utf8)
        }
    }

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escape: their UTF-8 goes in whole.
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if plain != true { writeEscaped(text, into: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ text: String, into output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = "0123456789abcdef".utf8
                output.append(contentsOf: "\\u00".utf8)
                output.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
                output.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
            default: output.append(byte)
            }
        }
    }
}
