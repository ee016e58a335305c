// Fuzz target `json`: the JSON parser. A value that parses serialises, and that text parses to
// the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    guard let text = try? JSONSerializer.data(value) else { fatalError("a parsed value does not serialise") }
    guard let again = try? JSONParser.parse(text), again == value else { fatalError("serialising changed the value") }
    return 0
}
