import CThreadCrypto

/// The PSKc: the key a commissioner proves it knows the network's passphrase with. Thread
/// derives it with PBKDF2 over AES-CMAC-PRF-128 (RFC 4615), 16,384 iterations, salted with
/// "Thread", the extended PAN ID and the network name; the AES-CMAC is OpenSSL's.
public enum PSKc {
    public static let iterations = 16_384

    /// Why a PSKc could not be computed.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The 16-byte PSKc of `passphrase` for the network `networkName` with `extendedPANID` (8 bytes).
    public static func compute(passphrase: String, networkName: String, extendedPANID: [UInt8]) throws(Failure) -> [UInt8] {
        guard extendedPANID.count == 8 else { throw Failure(description: "an extended PAN ID is 8 bytes, not \(extendedPANID.count)") }
        guard (1...16).contains(networkName.utf8.count) else { throw Failure(description: "a network name is 1 to 16 bytes of UTF-8") }
        guard (6...255).contains(passphrase.utf8.count) else { throw Failure(description: "a commissioning passphrase is 6 to 255 bytes") }
        // RFC 4615: a key of another length than 16 is first reduced with a zero-key CMAC.
        let passphraseBytes = Array(passphrase.utf8)
        let key = passphraseBytes.count == 16 ? passphraseBytes : try cmac(key: [UInt8](repeating: 0, count: 16), passphraseBytes)
        let salt = Array("Thread".utf8) + extendedPANID + Array(networkName.utf8)
        var block = try cmac(key: key, salt + [0, 0, 0, 1])
        var result = block
        for _ in 1..<iterations {
            block = try cmac(key: key, block)
            for index in 0..<16 { result[index] ^= block[index] }
        }
        return result
    }

    private static func cmac(key: [UInt8], _ data: [UInt8]) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 16)
        let ok = key.withUnsafeBufferPointer { key in
            data.withUnsafeBufferPointer { data in
                out.withUnsafeMutableBufferPointer { out in
                    thread_aes_cmac(key.baseAddress, data.baseAddress, data.count, out.baseAddress)
                }
            }
        }
        guard ok == 1 else {
            throw Failure(description: thread_crypto_failure().map { String(cString: $0) } ?? "OpenSSL could not compute AES-CMAC")
        }
        return out
    }
}
