import Essentials

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
        IssuedCredentials(pushToken: "hcp_" + Hex.encode(WorldRandom.bytes(16)), streamSecret: "hcs_" + Hex.encode(WorldRandom.bytes(32)))
    }
}
