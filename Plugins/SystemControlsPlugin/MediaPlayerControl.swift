import Agent
import DBus

/// The media player (MPRIS on the session bus: the first `org.mpris.MediaPlayer2.*` name), one
/// device in Home Assistant (``ControlGroup/mediaPlayer``): play/pause, next and previous as
/// buttons, its volume (0–100 %, MPRIS `Volume` 0–1) as a number, and the title and artist playing
/// as sensors. MQTT discovery has no `media_player` entity (Home Assistant's MQTT integration
/// offers no such platform), so these are the platforms it does have, grouped on the one device.
struct MediaPlayerControl: Control {
    enum Role: Sendable {
        case method(String)
        case volume
        case metadata(String)
    }

    let definition: ControlDefinition
    let role: Role
    let bus: DBusBus

    static let playerInterface = "org.mpris.MediaPlayer2.Player"
    static let playerPath = "/org/mpris/MediaPlayer2"

    static func all(bus: DBusBus = .session) -> [MediaPlayerControl] {
        func control(_ id: String, _ name: String, _ kind: ControlKind, _ icon: String, _ role: Role) -> MediaPlayerControl {
            MediaPlayerControl(definition: ControlDefinition(id: id, name: name, kind: kind, icon: icon, group: .mediaPlayer), role: role, bus: bus)
        }
        return [
            control("media_play_pause", "Play/pause", .button, "mdi:play-pause", .method("PlayPause")),
            control("media_next", "Next track", .button, "mdi:skip-next", .method("Next")),
            control("media_previous", "Previous track", .button, "mdi:skip-previous", .method("Previous")),
            control("media_volume", "Volume", .number(minimum: 0, maximum: 100, step: 1, unit: "%"), "mdi:volume-high", .volume),
            control("media_title", "Now playing", .sensor, "mdi:music", .metadata("xesam:title")),
            control("media_artist", "Artist", .sensor, "mdi:account-music", .metadata("xesam:artist")),
        ]
    }

    func perform(_ command: ControlCommand) async throws {
        switch (role, command) {
        case (.method(let method), _):
            _ = try await DBusConnection.onThread(bus: bus) { connection in
                try connection.call(try Self.player(on: connection), Self.playerPath, Self.playerInterface, method, [], timeout: 5)
            }
        case (.volume, .set(let percent)):
            let volume = DBusValue.variant(.double(min(max(percent, 0), 100) / 100))
            _ = try await DBusConnection.onThread(bus: bus) { connection in
                try connection.call(
                    try Self.player(on: connection), Self.playerPath, "org.freedesktop.DBus.Properties", "Set",
                    [.string(Self.playerInterface), .string("Volume"), volume], timeout: 5
                )
            }
        default:
            throw CommandFailure(description: "\(definition.id) does not take \(command)")
        }
    }

    func state() async -> String? {
        switch role {
        case .method:
            return nil
        case .volume:
            return try? await property("Volume").flatMap(\.doubleValue).map { String(Int(($0 * 100).rounded())) }
        case .metadata(let key):
            let metadata = try? await property("Metadata")?.dictionaryValue
            // xesam:artist is a list of names; xesam:title is one.
            let value = metadata?[key]
            let text = value?.stringValue ?? value?.arrayValue?.compactMap(\.stringValue).joined(separator: ", ")
            return text.map { String($0.prefix(255)) }
        }
    }

    /// A property of the player's `Player` interface, its variant unwrapped.
    private func property(_ name: String) async throws -> DBusValue? {
        try await DBusConnection.onThread(bus: bus) { connection -> DBusValue? in
            let reply = try connection.call(
                try Self.player(on: connection), Self.playerPath, "org.freedesktop.DBus.Properties", "Get", [.string(Self.playerInterface), .string(name)], timeout: 5
            )
            return reply.first
        }
    }

    /// The first MPRIS player on the bus.
    static func player(on connection: DBusConnection) throws -> String {
        let names = try connection.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", [], timeout: 5)
        guard let player = (names.first?.arrayValue ?? []).compactMap(\.stringValue).sorted().first(where: { $0.hasPrefix("org.mpris.MediaPlayer2.") }) else {
            throw CommandFailure(description: "no media player (MPRIS) is running")
        }
        return player
    }
}
