import Essentials

/// `application/x-www-form-urlencoded` bodies, as the token endpoint reads them.
enum FormEncoding {
    /// Characters left as they are; everything else is percent-encoded byte by byte.
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + Hex.encode([byte], uppercase: true)
            }
        }
        return result
    }
}
