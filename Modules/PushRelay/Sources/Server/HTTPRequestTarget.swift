import Essentials

/// A request target split into its path and its query arguments, both percent-decoded (`+` is a
/// space in the query), the first of repeated arguments kept. A `%` not followed by two hex
/// digits stays as it is; bytes that are not UTF-8 become U+FFFD.
struct HTTPRequestTarget: Sendable, Equatable {
    let path: String
    let query: [String: String]

    init(_ target: String) {
        var utf8 = Substring(target).utf8
        let mark = utf8.firstIndex(of: UInt8(ascii: "?"))
        path = Self.decode(utf8[..<(mark ?? utf8.endIndex)], plusIsSpace: false)
        var query: [String: String] = [:]
        if let mark {
            utf8 = utf8[utf8.index(after: mark)...]
            for pair in utf8.split(separator: UInt8(ascii: "&")) {
                let equals = pair.firstIndex(of: UInt8(ascii: "="))
                let name = Self.decode(pair[..<(equals ?? pair.endIndex)], plusIsSpace: true)
                let value = equals.map { Self.decode(pair[pair.index(after: $0)...], plusIsSpace: true) } ?? ""
                if query[name] == nil { query[name] = value }
            }
        }
        self.query = query
    }

    private static func decode(_ bytes: Substring.UTF8View.SubSequence, plusIsSpace: Bool) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else { return String(bytes) ?? "" }
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%"), index + 2 < input.count, let high = HexDigit.value(input[index + 1]), let low = HexDigit.value(input[index + 2]) {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
