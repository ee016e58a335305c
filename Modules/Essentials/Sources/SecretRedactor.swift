/// Removes secrets from text before it is written anywhere a person or a file can read it.
///
/// It masks the values of secret-looking keys (`access_token`, `password`, `webhook_secret`, …)
/// in JSON, `key=value` and `key: value` forms, `Bearer` credentials, JSON Web Tokens, and any
/// literal secret it was told about.
public struct SecretRedactor: Sendable {
    /// What a secret is replaced with.
    public static let mask = "<redacted>"

    /// Key names whose values are always secret.
    public static let secretKeys = [
        "access_token", "refresh_token", "token", "password", "secret", "webhook_secret",
        "client_secret", "api_key", "apikey", "push_token", "authorization", "code",
    ]

    private let literals: [String]

    /// Creates a redactor that also masks each of `literals` wherever it appears.
    public init(literals: [String] = []) {
        self.literals = literals.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// A redactor that also masks `secret`.
    public func adding(_ secret: String) -> SecretRedactor {
        SecretRedactor(literals: literals + [secret])
    }

    /// Returns `text` with every secret it recognises replaced by ``mask``.
    public func redact(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for literal in literals {
            bytes = SecretPatterns.literal(Array(literal.utf8), in: bytes)
        }
        bytes = SecretPatterns.jsonValues(bytes, keys: Self.keyBytes)
        bytes = SecretPatterns.keyValues(bytes, keys: Self.keyBytes)
        bytes = SecretPatterns.bearerCredentials(bytes)
        bytes = SecretPatterns.webTokens(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let keyBytes = secretKeys.map { Array($0.utf8) }
}
