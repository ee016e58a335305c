// Fuzz target `improv-result`: the RPC result decoder as BLE delivers it (with its checksum) and
// as serial does (without). A result that decodes re-encodes to the bytes it came from. And the
// service data a BLE device advertises, which decodes only from exactly six bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImprovResult(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for checksum in [true, false] {
        guard let result = try? ImprovResult(frame: bytes, checksum: checksum) else { continue }
        let used = 2 + Int(bytes[1]) + (checksum ? 1 : 0)
        guard let frame = try? result.frame(checksum: checksum), frame == Array(bytes[..<used]) else {
            fatalError("a decoded result does not encode to its bytes")
        }
        _ = (result.redirectURL, result.deviceInfo, result.networks)
    }
    if let advertised = try? ImprovServiceData(bytes: bytes) {
        guard size == 6, advertised.state.rawValue == bytes[0], advertised.capabilities.rawValue == bytes[1] else {
            fatalError("service data decoded from \(size) bytes, or not from its first two")
        }
    }
    return 0
}
