import CRelayCrypto

/// What the relay stores and keys its queues and counts by instead of a credential: the first
/// 128 bits of its SHA-256, base64url (22 characters). Short keys keep the queue's index small;
/// finding a second credential with the same key is still a 2^128 search. A token with a NUL or
/// any other byte is hashed whole.
enum SecretDigest {
    static func key(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { input in EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil) }
        return base64URL(digest.prefix(16))
    }

    /// Whether two keys are equal, taking the same time wherever they differ.
    static func matches(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64url without padding.
    private static func base64URL(_ bytes: ArraySlice<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let chunk = bytes[index..<min(index + 3, bytes.endIndex)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<(chunk.count + 1) { output.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 63)]) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
