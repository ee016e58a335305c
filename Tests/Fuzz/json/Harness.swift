// Fuzz target `json`: the JSON parser. A value that parses serialises, and that text parses to
// the same value. And the reader's skip (how the connection finds an event's bytes without
// parsing them): over any input it ends or fails without reading past the end, and over valid
// JSON it ends exactly where the value does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let skipped: Bool = bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(buffer)
        guard (try? reader.skip()) != nil else { return false }
        return (try? reader.end()) != nil
    }
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    guard skipped else { fatalError("the reader did not skip a valid value to its end") }
    guard let text = try? JSONSerializer.data(value) else { fatalError("a parsed value does not serialise") }
    guard let again = try? JSONParser.parse(text), again == value else { fatalError("serialising changed the value") }
    return 0
}
