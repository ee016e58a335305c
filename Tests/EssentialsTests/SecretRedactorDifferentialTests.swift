import Essentials
import Foundation
import XCTest

/// The byte scanner against the regular expressions it replaced (run by ICU, as the redactor
/// did before): the same output for random ASCII text made of keys, separators, quotes, bearer
/// words, token pieces and the mask itself. One difference is deliberate: ICU counts a letter of
/// another script as part of a word, so `étoken=1` was left alone; the scanner masks it.
final class SecretRedactorDifferentialTests: XCTestCase {
    private static let pieces = SecretRedactor.secretKeys + SecretRedactor.secretKeys.map { $0.uppercased() } + [
        "\"", "\"", ":", "=", " ", "  ", "\t", "\n", "&", ",", ";", "Bearer", "bearer ", "BEARER\t", "eyJ", ".", "abc", "x_y", "-", "~", "+/",
        "<redacted>", "<REDACTED>", "_", "9", "tokens", "?", "/", "{", "}",
    ]

    func testMatchesTheRegularExpressionsOnRandomText() throws {
        var generator = SystemRandomNumberGenerator()
        let expected = try ReferenceRedactor()
        let redactor = SecretRedactor()
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...14, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            XCTAssertEqual(redactor.redact(text), expected.redact(text), "input: \(text.debugDescription)")
        }
    }

    func testMatchesOnTypicalLines() throws {
        let expected = try ReferenceRedactor()
        let redactor = SecretRedactor()
        let lines = [
            #"POST /auth/token body {"grant_type":"refresh_token","refresh_token": "abc\"def","client_id":"x"}"#,
            "headers: Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln, Code=123;token = \"quoted\"",
            "url http://h/?code=a%20b&state=1#access_token=zzz api_key:  k-1 apikey=<redacted> push_token=hcp_1",
            "bearer\t\t   ", "token=", "Bearer", "eyJa.b.", "eyJ.a.b", "xeyJa.b.c",
        ]
        for line in lines {
            XCTAssertEqual(redactor.redact(line), expected.redact(line), "input: \(line.debugDescription)")
        }
        XCTAssertEqual(expected.redact("étoken=1"), "étoken=1")
        XCTAssertEqual(redactor.redact("étoken=1 €password=2"), "étoken=<redacted> €password=<redacted>")
    }
}

/// The redactor's former patterns, as NSRegularExpression ran them.
private struct ReferenceRedactor {
    private let patterns: [(NSRegularExpression, String)]

    init() throws {
        let keys = SecretRedactor.secretKeys.joined(separator: "|")
        let mask = SecretRedactor.mask
        patterns = try [
            ("(\"(?:\(keys))\"\\s*:\\s*\")[^\"]*(\")", "$1\(mask)$2"),
            ("(?i)(\\b(?:\(keys))\\s*[=:]\\s*)(?!\")(?!<redacted>)(?:Bearer\\s+)?[^\\s&,;\"]+", "$1\(mask)"),
            ("(?i)(Bearer\\s+)[A-Za-z0-9._~+/=-]+", "$1\(mask)"),
            ("eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*", mask),
        ].map { (try NSRegularExpression(pattern: $0.0), $0.1) }
    }

    func redact(_ text: String) -> String {
        patterns.reduce(text) { text, pattern in
            pattern.0.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: pattern.1)
        }
    }
}
