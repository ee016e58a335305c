import FoundationEssentials

extension Console {
    /// Writes `value` to standard output as pretty-printed JSON with sorted keys, the form every
    /// `--json` option uses; dates are ISO 8601 text.
    public func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        self.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
