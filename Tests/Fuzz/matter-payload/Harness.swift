// Fuzz target `matter-payload`: Matter setup codes as a person gives them (a QR code's text, one
// or several payloads, or a manual pairing code). Nothing traps; every payload read writes back
// as a QR code (when it came from one) and as a manual code that both read back to it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatterPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let payloads = try? SetupPayload.parse(text) else { return 0 }
    for payload in payloads {
        if let qrCode = payload.qrCode, (try? SetupPayload(qrCode: qrCode)) != payload { fatalError("\(qrCode) does not read back as \(payload)") }
        guard let manual = try? SetupPayload(manualCode: payload.manualCode) else { fatalError("\(payload.manualCode) of \(payload) does not read") }
        let long = payload.flow != .standard
        guard manual.passcode == payload.passcode, manual.shortDiscriminator == payload.shortDiscriminator,
              manual.vendorID == (long ? payload.vendorID : 0), manual.productID == (long ? payload.productID : 0) else {
            fatalError("\(payload.manualCode) reads as \(manual), not as \(payload)")
        }
    }
    return 0
}
