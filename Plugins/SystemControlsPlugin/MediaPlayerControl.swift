import Agent
import DBus

/// The media player (MPRIS on the session bus: the first `org.mpris.MediaPlayer2.*` name):
/// play/pause, next and previous as buttons, and the title playing as a sensor.
struct MediaPlayerControl: Control {
    enum Role: Sendable {
        case method(String)
        case title
    }

    let definition: ControlDefinition
    let role: Role
    let bus: DBusBus

    static func all(bus: DBusBus = .session) -> [MediaPlayerControl] {
        [
            MediaPlayerControl(definition: ControlDefinition(id: "media_play_pause", name: "Play/pause", kind: .button, icon: "mdi:play-pause"), role: .method("PlayPause"), bus: bus),
            MediaPlayerControl(definition: ControlDefinition(id: "media_next", name: "Next track", kind: .button, icon: "mdi:skip-next"), role: .method("Next"), bus: bus),
            MediaPlayerControl(definition: ControlDefinition(id: "media_previous", name: "Previous track", kind: .button, icon: "mdi:skip-previous"), role: .method("Previous"), bus: bus),
            MediaPlayerControl(definition: ControlDefinition(id: "media_title", name: "Now playing", kind: .sensor, icon: "mdi:music"), role: .title, bus: bus),
        ]
    }

    func perform(_ command: ControlCommand) async throws {
        guard case .method(let method) = role else { throw CommandFailure(description: "\(definition.id) only shows a state") }
        try await DBusConnection.onThread(bus: bus) { connection in
            let player = try Self.player(on: connection)
            try connection.call(player, "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player", method, [], timeout: 5)
        }
    }

    func state() async -> String? {
        guard case .title = role else { return nil }
        return try? await DBusConnection.onThread(bus: bus) { connection -> String? in
            let player = try Self.player(on: connection)
            let reply = try connection.call(
                player, "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties", "Get", [.string("org.mpris.MediaPlayer2.Player"), .string("Metadata")], timeout: 5
            )
            return reply.first?.dictionaryValue?["xesam:title"]?.stringValue.map { String($0.prefix(255)) }
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
