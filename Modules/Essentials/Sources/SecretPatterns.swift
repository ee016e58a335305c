/// The secret-looking forms ``SecretRedactor`` masks, found by scanning UTF-8 bytes (no regular
/// expression engine, whose parser and matcher would stay resident in every process that logs).
/// Each pass is what the regular expression in its comment replaces, applied left to right
/// without overlaps; `\s` is ASCII white space here.
enum SecretPatterns {
    static let mask = Array(SecretRedactor.mask.utf8)

    /// `("(?:key)"\s*:\s*")[^"]*(")` → `$1<redacted>$2`: a secret key's string value in JSON.
    static func jsonValues(_ text: [UInt8], keys: [[UInt8]]) -> [UInt8] {
        replacing(text) { text, start in
            guard text[start] == quote else { return nil }
            for key in keys where matches(key, in: text, at: start + 1, ignoringCase: false) {
                var index = start + 1 + key.count
                guard index < text.count, text[index] == quote else { continue }
                index = skipSpaces(text, from: index + 1)
                guard index < text.count, text[index] == colon else { continue }
                index = skipSpaces(text, from: index + 1)
                guard index < text.count, text[index] == quote else { continue }
                guard let closing = text[(index + 1)...].firstIndex(of: quote) else { continue }
                return (end: closing + 1, replacement: Array(text[start...index]) + mask + [quote])
            }
            return nil
        }
    }

    /// `(?i)(\b(?:key)\s*[=:]\s*)(?!")(?!<redacted>)(?:Bearer\s+)?[^\s&,;"]+` → `$1<redacted>`:
    /// `key=value`, `key: value` in text, query strings and headers.
    static func keyValues(_ text: [UInt8], keys: [[UInt8]]) -> [UInt8] {
        replacing(text) { text, start in
            guard start == 0 || !isWordByte(text[start - 1]) else { return nil }
            for key in keys where matches(key, in: text, at: start, ignoringCase: true) {
                var index = skipSpaces(text, from: start + key.count)
                guard index < text.count, text[index] == equals || text[index] == colon else { continue }
                index = skipSpaces(text, from: index + 1)
                let kept = index
                guard index < text.count, text[index] != quote, !matches(mask, in: text, at: index, ignoringCase: true) else { continue }
                if matches(bearer, in: text, at: index, ignoringCase: true) {
                    let afterSpaces = skipSpaces(text, from: index + bearer.count)
                    if afterSpaces > index + bearer.count, afterSpaces < text.count, isValueByte(text[afterSpaces]) { index = afterSpaces }
                }
                let end = text[index...].firstIndex { !isValueByte($0) } ?? text.count
                guard end > index else { continue }
                return (end: end, replacement: Array(text[start..<kept]) + mask)
            }
            return nil
        }
    }

    /// `(?i)(Bearer\s+)[A-Za-z0-9._~+/=-]+` → `$1<redacted>`: a bearer credential.
    static func bearerCredentials(_ text: [UInt8]) -> [UInt8] {
        replacing(text) { text, start in
            guard matches(bearer, in: text, at: start, ignoringCase: true) else { return nil }
            let credential = skipSpaces(text, from: start + bearer.count)
            guard credential > start + bearer.count else { return nil }
            let end = text[credential...].firstIndex { !isCredentialByte($0) } ?? text.count
            guard end > credential else { return nil }
            return (end: end, replacement: Array(text[start..<credential]) + mask)
        }
    }

    /// `eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*` → `<redacted>`: a JSON Web Token.
    static func webTokens(_ text: [UInt8]) -> [UInt8] {
        replacing(text) { text, start in
            guard matches(Array("eyJ".utf8), in: text, at: start, ignoringCase: false) else { return nil }
            var index = start + 3
            for part in 0..<3 {
                let end = text[index...].firstIndex { !isBase64URLByte($0) } ?? text.count
                guard part == 2 || end > index else { return nil }
                index = end
                if part < 2 {
                    guard index < text.count, text[index] == dot else { return nil }
                    index += 1
                }
            }
            return (end: index, replacement: mask)
        }
    }

    /// `text` with every occurrence of `literal` (not empty) replaced by the mask.
    static func literal(_ literal: [UInt8], in text: [UInt8]) -> [UInt8] {
        replacing(text) { text, start in
            matches(literal, in: text, at: start, ignoringCase: false) ? (end: start + literal.count, replacement: mask) : nil
        }
    }

    /// `text` with each match `find` reports at a position (its end and what replaces it) replaced,
    /// the scan going on after the match.
    private static func replacing(_ text: [UInt8], _ find: ([UInt8], Int) -> (end: Int, replacement: [UInt8])?) -> [UInt8] {
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while index < text.count {
            if let match = find(text, index) {
                output += text[copied..<index]
                output += match.replacement
                copied = match.end
                index = max(match.end, index + 1)
            } else {
                index += 1
            }
        }
        guard copied > 0 || !output.isEmpty else { return text }
        output += text[min(copied, text.count)...]
        return output
    }

    private static func matches(_ word: [UInt8], in text: [UInt8], at start: Int, ignoringCase: Bool) -> Bool {
        guard start + word.count <= text.count else { return false }
        for (offset, byte) in word.enumerated() {
            let other = text[start + offset]
            guard other == byte || (ignoringCase && lowercased(other) == lowercased(byte)) else { return false }
        }
        return true
    }

    private static func skipSpaces(_ text: [UInt8], from start: Int) -> Int {
        text[start...].firstIndex { !isSpace($0) } ?? text.count
    }

    private static let quote = UInt8(ascii: "\"")
    private static let colon = UInt8(ascii: ":")
    private static let equals = UInt8(ascii: "=")
    private static let dot = UInt8(ascii: ".")
    private static let bearer = Array("bearer".utf8)

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// What `\b` looks for on either side: letters, digits and `_` (a non-ASCII byte counts as
    /// none, so a key after a letter of another script is masked rather than missed).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }

    private static func isValueByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && byte != UInt8(ascii: "&") && byte != UInt8(ascii: ",") && byte != UInt8(ascii: ";") && byte != quote
    }

    private static func isCredentialByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == equals
    }

    private static func isBase64URLByte(_ byte: UInt8) -> Bool {
        PercentEncoding.isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}
