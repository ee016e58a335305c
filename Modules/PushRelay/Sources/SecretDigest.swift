import CRelayCrypto

/// The SHA-256 of a credential, in hex: what the relay stores and keys its queues and counts by,
/// instead of the credential itself. A token with a NUL or any other byte is hashed whole.
enum SecretDigest {
    static func hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { input in EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha256(), nil) }
        return digest.map { byte in String(byte, radix: 16).leftPadded() }.joined()
    }

    /// Whether two digests are equal, taking the same time wherever they differ.
    static func matches(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

private extension String {
    func leftPadded() -> String { count == 1 ? "0" + self : self }
}
