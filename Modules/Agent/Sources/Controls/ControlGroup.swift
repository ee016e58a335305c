/// Controls that make one thing of their own in Home Assistant (the media player): a device
/// beside the machine's, connected through it, holding just those controls.
public struct ControlGroup: Sendable, Equatable {
    /// Unique on this machine: `media`.
    public let id: String
    /// Added to the machine's name for the device's name: `Media player`.
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The media player (MPRIS) as one device: its buttons, volume, title and artist.
    public static let mediaPlayer = ControlGroup(id: "media", name: "Media player")
}
