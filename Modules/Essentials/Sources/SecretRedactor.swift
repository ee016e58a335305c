
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
        var result = text
        for literal in literals {
            result = result.replacing(literal, with: Self.mask)
        }
        for pattern in Self.patterns {
            result = result.replacing(pattern.expression) { match in
                let group = { (number: Int?) in number.flatMap { match.output[$0].substring }.map(String.init) ?? "" }
                return group(pattern.before) + Self.mask + group(pattern.after)
            }
        }
        return result
    }

    /// A pattern and the numbers of its groups kept before and after the mask.
    private struct Pattern: @unchecked Sendable {
        let expression: Regex<AnyRegexOutput>
        let before: Int?
        let after: Int?
    }

    private static let patterns: [Pattern] = {
        let keys = secretKeys.joined(separator: "|")
        let sources: [(String, before: Int?, after: Int?)] = [
            // "key": "value" in JSON
            ("(\"(?:\(keys))\"\\s*:\\s*\")[^\"]*(\")", 1, 2),
            // key=value and key: value in text, query strings and headers
            ("(?i)(\\b(?:\(keys))\\s*[=:]\\s*)(?!\")(?!<redacted>)(?:Bearer\\s+)?[^\\s&,;\"]+", 1, nil),
            // Bearer credentials
            ("(?i)(Bearer\\s+)[A-Za-z0-9._~+/=-]+", 1, nil),
            // JSON Web Tokens, which Home Assistant's access tokens are
            ("eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*", nil, nil),
        ]
        return sources.map { source, before, after in
            // The patterns are constants of this file; failing to compile one is a programmer error.
            guard let expression = try? Regex(source) else {
                preconditionFailure("invalid redaction pattern \(source)")
            }
            return Pattern(expression: expression, before: before, after: after)
        }
    }()
}
