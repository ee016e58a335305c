import CSodium
import Essentials
import FoundationEssentials

/// The mobile_app webhook encryption: libsodium's secretbox (XSalsa20-Poly1305) over the JSON,
/// `encrypted_data` = base64(nonce ‖ box), as PyNaCl's `SecretBox` reads and writes it.
///
/// The key is the registration's hex secret decoded to 32 bytes. Servers that have not yet seen
/// a request sealed that way answer with the legacy key (the secret's first 32 characters, as
/// bytes), so opening tries both.
public struct WebhookCipher: Sendable {
    private let key: [UInt8]
    private let legacyKey: [UInt8]

    public init(secret: String) throws(WebhookCipherError) {
        guard sodium_init() >= 0 else { throw .invalidSecret }
        let legacy = Array(secret.utf8.prefix(Int(crypto_secretbox_KEYBYTES)))
        guard !legacy.isEmpty else { throw .invalidSecret }
        legacyKey = legacy + [UInt8](repeating: 0, count: Int(crypto_secretbox_KEYBYTES) - legacy.count)
        key = Self.hexBytes(secret) ?? legacyKey
    }

    /// Seals `value` with a fresh random nonce.
    public func seal(_ value: JSONValue) throws -> String {
        let message = try JSONSerializer.data(value)
        var nonce = [UInt8](repeating: 0, count: Int(crypto_secretbox_NONCEBYTES))
        randombytes_buf(&nonce, nonce.count)
        var box = [UInt8](repeating: 0, count: message.count + Int(crypto_secretbox_MACBYTES))
        _ = crypto_secretbox_easy(&box, message, UInt64(message.count), nonce, key)
        return Data(nonce + box).base64EncodedString()
    }

    /// Opens `encrypted` with the key, then the legacy key.
    public func open(_ encrypted: String) throws(WebhookCipherError) -> JSONValue {
        guard let bytes = Data(base64Encoded: encrypted).map(Array.init),
              bytes.count >= Int(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) else {
            throw .malformed
        }
        let nonce = Array(bytes.prefix(Int(crypto_secretbox_NONCEBYTES)))
        let box = Array(bytes.dropFirst(Int(crypto_secretbox_NONCEBYTES)))
        var message = [UInt8](repeating: 0, count: box.count - Int(crypto_secretbox_MACBYTES))
        var opened = false
        for candidate in [key, legacyKey] where !opened {
            opened = crypto_secretbox_open_easy(&message, box, UInt64(box.count), nonce, candidate) == 0
        }
        guard opened else { throw .cannotDecrypt }
        do {
            return try JSONParser.parse(message)
        } catch {
            throw .notJSON("\(error)")
        }
    }

    /// 64 hex characters as 32 bytes; nil for anything else.
    static func hexBytes(_ text: String) -> [UInt8]? {
        guard text.utf8.count == 2 * Int(crypto_secretbox_KEYBYTES) else { return nil }
        return Hex.decode(text)
    }
}
