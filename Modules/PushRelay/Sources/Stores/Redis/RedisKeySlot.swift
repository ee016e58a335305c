/// The hash slot of a key in Redis Cluster: CRC16 (XMODEM) of the key, or of its hash tag (the
/// text between the first `{` and the first `}` after it, when not empty), modulo 16,384. Keys
/// with one tag share a slot, so one script may touch them all.
enum RedisKeySlot {
    static let count = 16_384

    /// The slot of `key`.
    static func of(_ key: String) -> Int {
        var utf8 = key.utf8[...]
        if let open = utf8.firstIndex(of: UInt8(ascii: "{")) {
            let rest = utf8[utf8.index(after: open)...]
            if let close = rest.firstIndex(of: UInt8(ascii: "}")), close != rest.startIndex {
                utf8 = rest[..<close]
            }
        }
        return Int(crc16(utf8) & 0x3FFF)
    }

    /// CRC16-CCITT (XMODEM: polynomial 0x1021, initial 0), what Redis Cluster uses.
    static func crc16<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 {
                crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
            }
        }
        return crc
    }
}
