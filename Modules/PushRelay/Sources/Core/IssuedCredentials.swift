/// What the relay issues to a device that registers: the push token it gives Home Assistant
/// (which posts to `/push/send` with it) and the stream secret only the device holds (which
/// opens `/push/stream` and acknowledges notifications). Both are random, 128 and 256 bits.
public struct IssuedCredentials: Sendable, Equatable {
    public let pushToken: String
    public let streamSecret: String

    public init(pushToken: String, streamSecret: String) {
        self.pushToken = pushToken
        self.streamSecret = streamSecret
    }

    /// New credentials from the system's secure random source.
    static func random() -> IssuedCredentials {
        var generator = SystemRandomNumberGenerator()
        func hex(_ bytes: Int) -> String {
            (0..<bytes).map { _ in
                let byte = UInt8.random(in: 0...255, using: &generator)
                return (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
        }
        return IssuedCredentials(pushToken: "hcp_" + hex(16), streamSecret: "hcs_" + hex(32))
    }
}
