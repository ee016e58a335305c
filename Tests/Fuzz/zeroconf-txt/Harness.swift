// Fuzz target `zeroconf-txt`: the TXT record of a `_home-assistant._tcp` service, split into
// entries as DNS carries them (a length byte, then that many bytes). Nothing traps; a record that
// reads has only http(s) URLs, and the server's URL starts with http.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZeroconfTXT(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var entries: [[UInt8]] = []
    var index = 0
    while index < bytes.count {
        let length = Int(bytes[index])
        let end = min(bytes.count, index + 1 + length)
        entries.append(Array(bytes[(index + 1)..<end]))
        index = end
    }
    guard let announcement = try? HomeAssistantAnnouncement(txt: entries) else { return 0 }
    for url in [announcement.internalURL, announcement.externalURL, announcement.baseURL].compactMap({ $0 }) where !url.lowercased().hasPrefix("http") {
        fatalError("a URL that is not http(s): \(url)")
    }
    let server = DiscoveredServer(name: "fuzz", host: "fuzz.local", address: "10.0.0.1", port: 8123, announcement: announcement)
    if !server.url.lowercased().hasPrefix("http") { fatalError("a server URL that is not http(s): \(server.url)") }
    return 0
}
