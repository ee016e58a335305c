extension SetupPayload {
    /// The payloads of a code as a person gives it: a QR code's text (one or several payloads) or a
    /// manual pairing code; surrounding spaces are ignored.
    public static func parse(_ code: String) throws(SetupPayloadError) -> [SetupPayload] {
        guard code.utf8.count <= maximumCodeLength else { throw .tooLong(code.utf8.count) }
        let text = code.trimmingSpaces
        if text.hasPrefix(qrPrefix) { return try payloads(qrCode: text) }
        return [try SetupPayload(manualCode: text)]
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        let bytes = Array(utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 32 || (9...13).contains($0) }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
