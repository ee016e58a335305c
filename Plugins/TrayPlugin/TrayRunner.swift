import Desktop
import Essentials
import FoundationEssentials
import HAModels
import HomeAPI
import Networking
import Tray
import WindowContract

/// One run of the tray for a server: the item on the session bus served on a thread of its own,
/// the connection's state on the icon, and the menu rebuilt every second from the entity store,
/// the pins file and the notification history (the item tells hosts only when it changed).
struct TrayRunner {
    /// The name that says a tray runs (the window hides instead of closing while it is taken).
    static let busName = "io.homecompanion.Tray"
    let services: TrayServices
    let home: Home

    func run() async throws {
        let server = "\(home.server)", logger = services.logger
        let dataFolder = Current.directories().data.deletingLastPathComponent()
        do {
            try DesktopEntry.installIcons(dataFolder: dataFolder)
        } catch {
            logger.warning("the tray's icons were not written: \(error)")
        }
        let opener: @Sendable () -> (any WindowOpening)? = { [services] in services.openers().first }
        let item = try StatusNotifierItem(
            bus: .session, id: Self.busName, uniqueName: Self.busName, iconThemePath: DesktopEntry.iconTheme(dataFolder: dataFolder).path,
            appearance: Self.appearance(server: server, connected: false), menu: [], logger: logger
        ) {
            Self.open("the window", logger) { try opener()?.openPage(server: server, path: "/", entity: nil) }
        }
        let connection = services.connections.connection(for: home)
        let store = services.connections.entityStore(over: connection)
        let connected = ConnectedFlag()
        await connection.start()
        await store.start()
        let updates = await connection.stateUpdates()
        let watching = Task {
            for await update in updates {
                let ready = if case .ready = update { true } else { false }
                connected.set(ready)
                item.update(Self.appearance(server: server, connected: ready))
            }
        }
        let actions = TrayMenuBuilder.Actions(
            openWindow: { Self.open("the window", logger) { try opener()?.openPage(server: server, path: "/", entity: nil) } },
            openHistory: { Self.open("the notification history", logger) { try opener()?.openSettings(server: server) } },
            quit: {
                logger.info("quit from the tray's menu")
                item.stop()
            },
            run: { action in
                Task {
                    do {
                        // Over the tray's connection, which follows the server to its other URL.
                        _ = try await connection.send("call_service", [
                            "domain": .string(action.domain), "service": .string(action.service), "service_data": .object(["entity_id": .string(action.entity)]),
                        ])
                        logger.info("called \(action.domain).\(action.service) for \(action.entity) from the tray")
                    } catch {
                        logger.warning("\(action.domain).\(action.service) for \(action.entity) failed: \(error)")
                    }
                }
            },
            press: { [services] notification, button in
                Task {
                    do {
                        let outcome = try await services.notifications.press(button, text: nil, notification: notification, server: server)
                        logger.info("pressed \(button) on notification \(notification) from the tray: \(outcome)")
                    } catch {
                        logger.warning("could not press \(button) on notification \(notification): \(error)")
                    }
                }
            }
        )
        let refreshing = Task {
            let pins = TrayPins(folder: home.folders.data)
            while !Task.isCancelled {
                do {
                    let pinned = try pins.list().compactMap(TrayQuickAction.init(entity:))
                    var states: [(action: TrayQuickAction, state: EntityState?)] = []
                    for action in pinned { states.append((action, await store.state(of: action.entity))) }
                    let received = try await services.notifications.recent(server: server, limit: TrayMenuBuilder.notificationCount)
                    let builder = TrayMenuBuilder(connected: connected.isSet, pins: states, notifications: received, actions: actions)
                    item.update(menu: builder.items())
                } catch {
                    logger.warning("the tray's menu could not be read again: \(error)")
                }
                try? await Current.sleep(1)
            }
        }
        logger.info("the tray runs for \(server)")
        let served: (any Error)?
        do {
            try await DetachedThread.run { try item.run() }
            served = nil
        } catch {
            served = error
        }
        watching.cancel()
        refreshing.cancel()
        await store.stop()
        await connection.stop()
        if let served { throw served }
    }

    static func appearance(server: String, connected: Bool) -> TrayAppearance {
        TrayAppearance(
            iconName: connected ? DesktopEntry.id : DesktopEntry.offlineIconName, title: "Home Assistant",
            tooltip: connected ? "Connected to \(server)" : "Not connected to \(server); retrying", needsAttention: false
        )
    }

    private static func open(_ what: String, _ logger: Logger, _ body: () throws -> Void?) {
        do {
            guard try body() != nil else { return logger.warning("nothing opens \(what) here: enable the links plugin") }
        } catch {
            logger.warning("could not open \(what): \(error)")
        }
    }
}
