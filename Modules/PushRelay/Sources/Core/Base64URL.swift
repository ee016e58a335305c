/// Base64url without padding (RFC 4648 §5), as JWTs and the relay's keys write bytes.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encoded(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { encoded($0) }
    }

    static func encoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: (bytes.count * 4 + 2) / 3) { output in
            var written = 0
            var index = 0
            while index < bytes.count {
                let available = min(3, bytes.count - index)
                var value: UInt32 = 0
                for offset in 0..<available { value |= UInt32(bytes[index + offset]) << (16 - 8 * UInt32(offset)) }
                for position in 0..<(available + 1) {
                    output[written] = alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)]
                    written += 1
                }
                index += 3
            }
            return written
        }
    }
}
