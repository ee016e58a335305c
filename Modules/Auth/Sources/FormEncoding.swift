import Essentials

/// `application/x-www-form-urlencoded` bodies, as the token endpoint reads them.
enum FormEncoding {
    /// Unreserved characters left as they are; everything else percent-encoded byte by byte.
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
