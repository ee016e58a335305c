import Essentials

/// What the relay issues to a device that registers: the push token it gives Home Assistant
/// (which posts to `/push/send` with it) and the stream secret only the device holds (which
/// opens `/push/stream` and acknowledges notifications). Both are random, 128 and 256 bits.
public struct IssuedCredentials: Sendable, Equatable {
    /// The token a device puts in its registration's `push_url` payload (`hcp_…`), which senders use.
    public let pushToken: String
    /// The secret the device opens its stream and acknowledges with (`hcs_…`); never sent to Home Assistant.
    public let streamSecret: String

    /// Credentials made of these two values.
    public init(pushToken: String, streamSecret: String) {
        self.pushToken = pushToken
        self.streamSecret = streamSecret
    }

    /// New credentials from the system's secure random source.
    static func random() -> IssuedCredentials {
        IssuedCredentials(pushToken: "hcp_" + Hex.encode(WorldRandom.bytes(16)), streamSecret: "hcs_" + Hex.encode(WorldRandom.bytes(32)))
    }
}
