import CRelayCrypto

/// A Lua script and its SHA-1, so it is sent by `EVALSHA` (40 bytes instead of the whole text,
/// and no hashing of the text on Redis's side each time); where Redis does not know it yet
/// (`NOSCRIPT`: a node that never ran it, or restarted), the text is sent once with `EVAL`, which
/// keeps it there.
struct RedisScript: Sendable {
    /// The Lua source.
    let text: String
    /// Its SHA-1, in lower-case hex, as Redis names it.
    let sha1: String

    init(_ text: String) {
        self.text = text
        var digest = [UInt8](repeating: 0, count: 20)
        var length: UInt32 = 0
        var source = text
        source.withUTF8 { input in
            // Hashing in memory fails only when OpenSSL itself cannot run.
            precondition(EVP_Digest(input.baseAddress, input.count, &digest, &length, EVP_sha1(), nil) == 1, "OpenSSL cannot compute SHA-1")
        }
        sha1 = digest.map { byte in
            let hex = Array("0123456789abcdef".utf8)
            return String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
        }.joined()
    }

    /// `EVALSHA` of this script with `keys` and `arguments`.
    func byHash(keys: [String], arguments: [String]) -> [String] {
        ["EVALSHA", sha1, String(keys.count)] + keys + arguments
    }

    /// `EVAL` of this script's text with `keys` and `arguments`.
    func byText(keys: [String], arguments: [String]) -> [String] {
        ["EVAL", text, String(keys.count)] + keys + arguments
    }
}
