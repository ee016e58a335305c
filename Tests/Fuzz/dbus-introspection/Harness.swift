// Fuzz target `dbus-introspection`: introspection XML as a D-Bus service answers Introspect, read
// with libxml2. Nothing traps; what reads writes back to XML that reads the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusIntrospection(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let parsed = try? DBusIntrospection.parse(text) else { return 0 }
    guard let written = try? DBusIntrospection.xml(parsed) else { fatalError("what was read cannot be written") }
    guard let again = try? DBusIntrospection.parse(written), again == parsed else { fatalError("\(written) does not read back as \(parsed)") }
    return 0
}
