import CRelayCrypto
import Glibc

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
                let context = threadContext()
                precondition(
                    EVP_DigestInit_ex2(context, sha256, nil) == 1 && EVP_DigestUpdate(context, input.baseAddress, input.count) == 1
                        && EVP_DigestFinal_ex(context, digest.baseAddress, &length) == 1,
                    "OpenSSL cannot compute SHA-256"
                )
                return Base64URL.encoded(UnsafeBufferPointer(rebasing: digest[..<16]))
            }
        }
    }

    /// The calling thread's digest context, made at its first digest and freed when the thread
    /// ends: a one-shot digest made and freed a context (two allocations) every time, a third of
    /// the time of hashing a token, which every request does.
    private static func threadContext() -> OpaquePointer {
        if let context = pthread_getspecific(contextKey) { return OpaquePointer(context) }
        guard let context = EVP_MD_CTX_new() else { preconditionFailure("OpenSSL cannot make a digest context") }
        pthread_setspecific(contextKey, UnsafeRawPointer(context))
        return context
    }

    private static let contextKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key) { EVP_MD_CTX_free(OpaquePointer($0)) } == 0, "no thread-specific key is left")
        return key
    }()

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
