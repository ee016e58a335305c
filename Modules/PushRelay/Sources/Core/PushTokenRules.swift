/// What the relay accepts as a push token: 1 to 4096 bytes of UTF-8 without control
/// characters (so no NUL that could cut it short in a C API, no line break for a log or header).
enum PushTokenRules {
    static let maximumBytes = 4096

    static func check(_ token: String, field: String = "push_token") throws(RelayRequestError) {
        guard !token.isEmpty else { throw RelayRequestError(400, "\(field) is empty") }
        guard token.utf8.count <= maximumBytes else { throw RelayRequestError(400, "\(field) is longer than \(maximumBytes) bytes") }
        guard !token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) }) else {
            throw RelayRequestError(400, "\(field) contains a control character")
        }
    }
}
