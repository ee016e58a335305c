import AgentContract
import Auth
import CompanionWindow
import Desktop
import Discovery
import Essentials
import HomeAPI
import HomePluginKit
import PluginHost
import SessionContract
import ThreadContract
import Tray
import WindowBridge

/// The settings page's answers, through the capabilities the CLI uses: the session's servers and
/// `home login`, `home logout` and `home servers default`, the agent's sensor reporting, and the
/// autostart entries `home autostart` writes.
struct WindowSettings: CompanionSettings {
    let version: String
    let server: String
    let session: any SessionAccess
    let sensors: any SensorReporting
    let thread: any ThreadNetworkSharing
    let notifications: any NotificationHistoryAccess
    /// Shows a page of another server signed in to (the server switcher).
    let open: @Sendable (String) -> Void
    /// Finds servers on the network for the sign-in form, as `home servers discover` does.
    let discovery: AvahiBrowser
    /// The sections of switches plugins (and the host, for the plugins themselves) offer.
    let switches: @Sendable () -> [Contribution<any SettingsSwitches>]
    /// How long a sign-in in the browser waits for the person, in seconds.
    var browserPatience: Double = 300
    /// The autostart entries, as `home autostart` writes them.
    var autostart: AutostartEntries { AutostartEntries(configFolder: Current.directories().configuration.deletingLastPathComponent()) }

    func snapshot() async throws -> JSONValue {
        let servers = try session.client.servers()
        let choices = try await sensors.sensors(server: server)
        let networks = try thread.networks()
        let received = try await notifications.recent(server: server, limit: 20)
        var sections: [JSONValue] = []
        for section in switches() {
            sections.append(await Self.section(section, server: server))
        }
        let pins = try TrayPins(folder: try await session.restore(server: server, advice: "it is not signed in").folders.data).list()
        return .object([
            "version": .string(version),
            "server": .string(server),
            "servers": .array(servers.map { .object(["url": .string($0.server), "default": .bool($0.isDefault)]) }),
            "sensors": .array(choices.map(\.json)),
            "notifications": .array(received.map { record in
                .object([
                    "received": .string(HATimestamp.string(from: record.receivedAt)), "title": record.title.map(JSONValue.string) ?? .null,
                    "id": .integer(record.id), "message": .string(record.message),
                    "actions": .array(record.actions.map { .object(["id": .string($0.id), "title": .string($0.title), "reply": .bool($0.takesText)]) }),
                ])
            }),
            "pins": .array(pins.map(JSONValue.string)),
            "switches": .array(sections),
            "autostart": .object(Dictionary(uniqueKeysWithValues: AutostartItem.allCases.map { ($0.rawValue, JSONValue.bool(autostart.isEnabled($0))) })),
            "threadNetworks": .array(networks.map { .object(["id": .string($0.id), "name": $0.name.map(JSONValue.string) ?? .null, "channel": $0.channel.map { .integer(Int64($0)) } ?? .null]) }),
        ])
    }

    /// One section of switches as the page shows it: `section`, `title`, `explanation`, and its
    /// `items` (`id`, `name`, `detail`, `on`), or the `error` that kept them from being read.
    private static func section(_ section: Contribution<any SettingsSwitches>, server: String) async -> JSONValue {
        var object: [String: JSONValue] = [
            "section": .string(section.name), "title": .string(section.value.title), "explanation": .string(section.value.explanation), "items": .array([]),
        ]
        do {
            object["items"] = .array(try await section.value.switches(server: server).map { item in
                .object(["id": .string(item.id), "name": .string(item.name), "detail": .string(item.detail), "on": .bool(item.isOn)])
            })
        } catch {
            object["error"] = .string("\(error)")
        }
        return .object(object)
    }

    func discovered() async throws -> JSONValue {
        let found = try await discovery.browse(within: 2)
        return .array(found.map { .object(["name": .string($0.title), "url": .string($0.url), "version": $0.announcement.version.map(JSONValue.string) ?? .null]) })
    }

    func perform(_ action: SettingsAction) async throws {
        switch action {
        case .reportSensor(let id, let on):
            try await sensors.setReporting([id], on: on, server: server)
        case .signOut(let server):
            let home = try await session.restore(server: server, advice: "it is not signed in")
            if !(await home.disconnect()) {
                Current.logger("window").warning("\(server) could not be reached to revoke the session; its tokens and data were removed here")
            }
        case .makeDefault(let server):
            try session.client.makeDefault(server: server)
        case .openServer(let server):
            open(server)
        case .signIn(let request):
            let home = try await session.client.signIn(to: request.server, using: .password(PasswordAnswers(username: request.username, password: request.password)))
            Current.logger("window").info("signed in to \(home.server) as \(request.username) from the settings page")
        case .signInWithBrowser(let server):
            let home = try await session.client.signIn(to: server, using: .browser(timeout: browserPatience) { url in BrowserOpener.open(url.absoluteString) })
            Current.logger("window").info("signed in to \(home.server) in the browser from the settings page")
        case .setSwitch(let name, let id, let on):
            guard let section = switches().first(where: { $0.name == name }) else { throw WindowSessionError(description: "no settings section '\(name)'") }
            try await section.value.set(id, on: on, server: server)
            Current.logger("window").info("\(name): \(id) turned \(on ? "on" : "off")")
        case .autostart(let name, let on):
            guard let item = AutostartItem(rawValue: name) else { return }
            if on {
                guard let home = HomeExecutable.path() else { throw WindowSessionError(description: "cannot find the home executable for the autostart entry") }
                try autostart.enable(item, executable: home)
            } else {
                try autostart.disable(item)
            }
            Current.logger("window").info("\(name) \(on ? "starts with the session" : "no longer starts with the session")")
        case .pin(let entity, let on):
            let pins = TrayPins(folder: try await session.restore(server: server, advice: "it is not signed in").folders.data)
            if on { try pins.pin(entity) } else { try pins.unpin(entity) }
            Current.logger("window").info("\(on ? "pinned" : "unpinned") \(entity) \(on ? "to" : "from") the tray")
        case .pressNotificationAction(let id, let action, let text):
            let outcome = try await notifications.press(action, text: text, notification: id, server: server)
            Current.logger("window").info("pressed \(action) on notification \(id): \(outcome)")
        }
    }
}
