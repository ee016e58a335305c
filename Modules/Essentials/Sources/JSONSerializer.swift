/// Writes a ``JSONValue`` as compact JSON text with sorted keys.
///
/// Integers are written as integers and doubles always with a fraction or exponent, so a value
/// parsed by ``JSONParser`` and written again keeps its kind (`1.0` stays `1.0`).
public enum JSONSerializer {
    /// The value as UTF-8 JSON bytes; a non-finite double (which JSON cannot express) is an error.
    public static func data(_ value: JSONValue) throws(JSONEncodingError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        try write(value, into: &output, path: [])
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
            try write(value, into: &output, path: path)
        }
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8], path: [String]) throws(JSONEncodingError) {
        switch value {
        case .null: output.append(contentsOf: Array("null".utf8))
        case .bool(let flag): output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .integer(let integer): output.append(contentsOf: Array(String(integer).utf8))
        case .double(let double):
            guard double.isFinite else {
                throw JSONEncodingError(path: JSONPath.text(path), reason: "\(double) cannot be written as JSON")
            }
            var text = "\(double)"
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) { text += ".0" }
            output.append(contentsOf: Array(text.utf8))
        case .string(let text): writeString(text, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (offset, item) in items.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                try write(item, into: &output, path: path + ["[\(offset)]"])
            }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            output.append(UInt8(ascii: "{"))
            for (offset, key) in fields.keys.sorted().enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                try write(fields[key] ?? .null, into: &output, path: path + [key])
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                           hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
