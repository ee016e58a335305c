import Essentials
import Foundation

/// How long a Home Assistant access token lives: its JWT `exp` claim, read without checking the
/// signature (the server checks it; the window only needs to tell the frontend when to ask again).
enum AccessTokenLifetime {
    /// The lifetime Home Assistant gives its access tokens, for a token that carries none.
    static let assumed = 1_800

    /// Seconds from now until `token` expires (at least 0); nil when it is not a JWT with `exp`.
    static func secondsLeft(of token: String) -> Int? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].utf8.count <= 4_096 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let claims = (try? JSONParser.parse(Array(data)))?.objectValue,
              let expiry = claims["exp"]?.numberValue else { return nil }
        return max(0, Int(expiry - Current.now().timeIntervalSince1970))
    }
}
