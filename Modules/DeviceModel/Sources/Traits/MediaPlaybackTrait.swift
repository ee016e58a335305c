import Essentials

/// A media player: playing, paused, volume in percent, the source among those it lists.
public struct MediaPlaybackTrait: Sendable, Equatable {
    public let state: String
    public let volumePercent: Int?
    public let muted: Bool?
    public let source: String?
    public let sources: [String]
    public let title: String?
    public let canPlay: Bool
    public let canPause: Bool
    public let canSetVolume: Bool
    public let canSelectSource: Bool

    var values: [String: JSONValue] {
        [
            "state": .string(state), "volume": .from(volumePercent), "muted": .from(muted), "source": .from(source),
            "sources": .from(sources), "title": .from(title),
        ]
    }
}
