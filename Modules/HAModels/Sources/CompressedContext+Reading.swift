import Essentials

extension CompressedContext {
    /// Reads a compressed state's `c` where `reader` is; nil for `null`.
    static func read(from reader: inout JSONReader) throws(JSONParseError) -> CompressedContext? {
        let value = try reader.value()
        guard value != .null else { return nil }
        do {
            return try CompressedContext(json: value, path: "c")
        } catch {
            throw reader.failure("\(error)")
        }
    }
}
