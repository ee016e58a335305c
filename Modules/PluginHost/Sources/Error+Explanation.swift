import FoundationEssentials

extension Error {
    /// A one-line account of a decoding error that names the path of the bad key,
    /// such as `key 'colors.primary': expected String, found a number`.
    public var explanation: String {
        guard let error = self as? DecodingError else { return String(describing: self) }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
                .joined(separator: ".")
                .replacing(".[", with: "[")
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "key '\(path(context.codingPath))': expected \(type); \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "key '\(path(context.codingPath))': expected \(type) but found null"
        case .keyNotFound(let key, let context):
            return "key '\(path(context.codingPath + [key]))' is required"
        case .dataCorrupted(let context):
            let location = context.codingPath.isEmpty ? "" : "key '\(path(context.codingPath))': "
            return location + context.debugDescription + (context.underlyingError.map { " (\($0))" } ?? "")
        @unknown default:
            return String(describing: error)
        }
    }
}
