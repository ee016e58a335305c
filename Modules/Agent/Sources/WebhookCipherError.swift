/// Why an encrypted webhook payload could not be opened.
public enum WebhookCipherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret is not usable as a key.
    case invalidSecret
    /// `encrypted_data` is not base64, or too short to hold a nonce and a tag.
    case malformed
    /// Neither key opens it: tampered, or sealed with another secret.
    case cannotDecrypt
    /// It opened but is not JSON.
    case notJSON(String)

    public var description: String {
        switch self {
        case .invalidSecret: "the registration's secret cannot be used as a key"
        case .malformed: "the encrypted data is not base64 of a nonce and a sealed box"
        case .cannotDecrypt: "the encrypted data does not open with this registration's secret"
        case .notJSON(let reason): "the decrypted data is not JSON: \(reason)"
        }
    }
}
