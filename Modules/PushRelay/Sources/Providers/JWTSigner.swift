import CRelayCrypto
import Essentials

/// Signs JSON Web Tokens with a PEM private key through OpenSSL: ES256 (P-256, the signature as
/// the raw 64 bytes r‖s that JOSE wants, not DER) or RS256 (PKCS #1 v1.5).
public final class JWTSigner: @unchecked Sendable {
    /// The algorithm it signs with.
    public let algorithm: JWTAlgorithm
    private let key: OpaquePointer

    /// Reads the key; a key of the wrong kind for `algorithm` is refused.
    public init(pem: String, algorithm: JWTAlgorithm) throws {
        let bytes = Array(pem.utf8)
        let key: OpaquePointer? = bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else { throw RelayConfigurationError("the private key is not a PEM private key") }
        let expected = algorithm == .es256 ? EVP_PKEY_EC : EVP_PKEY_RSA
        guard EVP_PKEY_get_base_id(key) == expected else {
            EVP_PKEY_free(key)
            throw RelayConfigurationError("the private key is not an \(algorithm == .es256 ? "EC (P-256)" : "RSA") key, as \(algorithm.rawValue) needs")
        }
        self.key = key
        self.algorithm = algorithm
    }

    deinit { EVP_PKEY_free(key) }

    /// `base64url(header).base64url(claims).base64url(signature)`.
    public func token(header: [String: JSONValue], claims: [String: JSONValue]) throws -> String {
        var fullHeader = header
        fullHeader["alg"] = .string(algorithm.rawValue)
        fullHeader["typ"] = .string("JWT")
        let input = Base64URL.encoded(try JSONSerializer.data(.object(fullHeader))) + "." + Base64URL.encoded(try JSONSerializer.data(.object(claims)))
        return input + "." + Base64URL.encoded(try sign(Array(input.utf8)))
    }

    private func sign(_ message: [UInt8]) throws -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw RelayConfigurationError("cannot sign: out of memory") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { throw RelayConfigurationError("cannot sign with the key") }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { throw RelayConfigurationError("cannot sign with the key") }
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else { throw RelayConfigurationError("cannot sign with the key") }
        signature.removeLast(signature.count - length)
        return algorithm == .es256 ? try Self.rawECDSA(signature) : signature
    }

    /// DER `ECDSA-Sig-Value` to r‖s, each left-padded to 32 bytes.
    private static func rawECDSA(_ der: [UInt8]) throws -> [UInt8] {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &pointer, buffer.count)
        }
        guard let parsed else { throw RelayConfigurationError("cannot read the ECDSA signature") }
        defer { ECDSA_SIG_free(parsed) }
        var r: OpaquePointer?, s: OpaquePointer?
        ECDSA_SIG_get0(parsed, &r, &s)
        var first = [UInt8](repeating: 0, count: 32), second = [UInt8](repeating: 0, count: 32)
        guard BN_bn2binpad(r, &first, 32) == 32, BN_bn2binpad(s, &second, 32) == 32 else {
            throw RelayConfigurationError("the ECDSA signature is not P-256")
        }
        return first + second
    }
}
