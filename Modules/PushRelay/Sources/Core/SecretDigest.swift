import CRelayCrypto

/// What the relay stores and keys its queues and counts by instead of a credential: the first
/// 128 bits of its SHA-256, base64url (22 characters). Short keys keep the queue's index small;
/// finding a second credential with the same key is still a 2^128 search. A token with a NUL or
/// any other byte is hashed whole.
enum SecretDigest {
    static func key(_ text: String) -> String {
        var text = text
        return text.withUTF8 { input in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest in
                var length: UInt32 = 0
                // Hashing in memory fails only when OpenSSL itself cannot run, and then no key is right.
                precondition(EVP_Digest(input.baseAddress, input.count, digest.baseAddress, &length, sha256, nil) == 1, "OpenSSL cannot compute SHA-256")
                return Base64URL.encoded(UnsafeBufferPointer(rebasing: digest[..<16]))
            }
        }
    }

    /// SHA-256, fetched from OpenSSL's provider once: `EVP_sha256()` in a digest call fetches it
    /// again on every call, which took two thirds of the time of hashing a token. A fetched
    /// algorithm is immutable and may be shared by threads.
    nonisolated(unsafe) private static let sha256 = EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256()

    /// Whether two keys are equal, taking the same time wherever they differ.
    static func matches(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
