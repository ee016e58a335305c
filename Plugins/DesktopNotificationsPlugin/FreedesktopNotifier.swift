import Agent
import DBus
import Essentials
import Dispatch
import FoundationEssentials
import HAModels
import WindowContract

/// Shows notifications through the desktop's notification server (`org.freedesktop.Notifications`
/// on the session bus), their actions as buttons: a pressed button (`ActionInvoked`) goes back to
/// the server as `mobile_app_notification_action`; a reply is typed in place where the server
/// can (KDE's `inline-reply`: `NotificationReplied`), else taken by `home notifications act`.
/// A notification with the tag of one on screen replaces it; `urgency` follows the
/// notification's priority. The bus is reached on the first notification, and again after it
/// went away; until then nothing is shown (the history keeps every notification).
final class FreedesktopNotifier: NotificationPresenter, @unchecked Sendable {
    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// The action key of KDE's reply field.
    static let inlineReply = "inline-reply"
    /// The action key a click on the notification itself invokes.
    static let click = "default"
    /// How many notifications on screen are remembered for their buttons.
    static let rememberedCount = 256

    private let bus: DBusBus
    private let logger: Logger
    /// What opens a link: the window or the browser.
    private let openers: @Sendable () -> [any WindowOpening]
    /// Notify calls, in order, off the caller's thread.
    private let calls = DispatchQueue(label: "desktop-notifications")
    private let lock = Lock()
    private var connection: DBusConnection?
    private var capabilities: Set<String> = []
    private var onScreen = NotificationsOnScreen(capacity: rememberedCount)
    private var stopped = false
    private var unreachableSaid = false

    init(bus: DBusBus, logger: Logger, openers: @escaping @Sendable () -> [any WindowOpening]) {
        self.bus = bus
        self.logger = logger
        self.openers = openers
    }

    func show(_ shown: ShownNotification) {
        calls.async { self.notify(shown) }
    }

    func finishShowing() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            calls.async { continuation.resume() }
        }
    }

    /// Closes the connection; the listener ends with it.
    func stop() {
        let open = lock.withLock { () -> DBusConnection? in
            stopped = true
            defer { connection = nil }
            return connection
        }
        open?.close()
    }

    private func notify(_ shown: ShownNotification) {
        guard let connection = connect() else { return }
        let notification = shown.notification
        let (inline, markup) = lock.withLock { (capabilities.contains(Self.inlineReply), capabilities.contains("body-markup")) }
        let replaced = lock.withLock { notification.tag.flatMap { onScreen.serverID(tag: $0) } } ?? 0
        let request = FreedesktopNotification(shown, replacing: replaced, inlineReply: inline, bodyMarkup: markup)
        do {
            let reply = try connection.call(Self.service, Self.path, Self.service, "Notify", request.arguments, timeout: 5)
            guard let id = reply.first?.intValue.map(UInt32.init(truncatingIfNeeded:)) else {
                return logger.warning("the notification server answered Notify without an id")
            }
            lock.withLock { onScreen.insert(shown, serverID: id, tag: notification.tag) }
        } catch {
            logger.warning("could not show notification \(shown.id) on the desktop: \(error)")
            if error == .disconnected { drop(connection) }
        }
    }

    /// The connection, opened (with its listener) when there is none.
    private func connect() -> DBusConnection? {
        if let open = lock.withLock({ connection }) { return open }
        do {
            let opened = try DBusConnection(bus: bus)
            try opened.addMatch("type='signal',interface='\(Self.service)'")
            let offered = try opened.call(Self.service, Self.path, Self.service, "GetCapabilities", [], timeout: 5)
            let names = Set(offered.first?.arrayValue?.compactMap(\.stringValue) ?? [])
            let kept = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                connection = opened
                capabilities = names
                unreachableSaid = false
                return true
            }
            guard kept else {
                opened.close()
                return nil
            }
            try DetachedThread.start { [weak self] in self?.listen(on: opened) }
            return opened
        } catch {
            let first = lock.withLock { () -> Bool in
                defer { unreachableSaid = true }
                return !unreachableSaid
            }
            if first { logger.warning("no desktop notification server (\(error)); notifications are kept in the history only") }
            return nil
        }
    }

    private func drop(_ closed: DBusConnection) {
        lock.withLock {
            if connection === closed { connection = nil }
        }
        closed.close()
    }

    /// Reads the server's signals until the connection ends. Only the signals of the process that
    /// owns the server's name count: anyone on the bus can emit one, and a forged button press
    /// would fire an automation.
    private func listen(on connection: DBusConnection) {
        let server = DBusNameOwner(name: Self.service)
        while true {
            let signal: DBusSignal?
            do {
                signal = try connection.nextSignal(timeout: 1)
            } catch {
                let wasStopped = lock.withLock { stopped }
                if !wasStopped { logger.warning("the desktop notification server went away (\(error)); reconnecting at the next notification") }
                return drop(connection)
            }
            guard let signal, signal.interface == Self.service else { continue }
            if server.sent(signal, on: connection) { handle(signal) }
        }
    }

    private func handle(_ signal: DBusSignal) {
        guard let serverID = signal.arguments.first?.intValue.map(UInt32.init(truncatingIfNeeded:)) else { return }
        switch signal.member {
        case "ActionInvoked":
            guard let key = signal.arguments.dropFirst().first?.stringValue, let shown = lock.withLock({ onScreen.shown(serverID: serverID) }) else { return }
            if key == Self.click { return open(shown.notification.link, of: shown) }
            press(key == Self.inlineReply ? nil : key, text: nil, on: shown)
        case "NotificationReplied":
            guard let text = signal.arguments.dropFirst().first?.stringValue, let shown = lock.withLock({ onScreen.shown(serverID: serverID) }) else { return }
            press(nil, text: text, on: shown)
        case "NotificationClosed":
            lock.withLock { onScreen.remove(serverID: serverID) }
        default:
            break
        }
    }

    /// Presses `key` (nil: the reply action) on `shown`; the default action (a click on the
    /// notification itself) and a reply button without a reply field do nothing but say so.
    private func press(_ key: String?, text: String?, on shown: ShownNotification) {
        let actions = shown.notification.actions
        guard let action = key.map({ key in actions.first { $0.id == key } }) ?? actions.first(where: \.takesText) else { return }
        if action.takesText, text == nil {
            return logger.warning("'\(action.id)' on notification \(shown.id) is a reply: send it with 'home notifications act \(shown.id) \(action.id) --text …'")
        }
        if let uri = action.uri {
            open(uri, of: shown)
            if action.id == NotificationAction.openOnlyID { return }
        }
        let logger = logger
        Task {
            do {
                let outcome = try await shown.press(action.id, text: text)
                logger.info("pressed '\(action.id)' on notification \(shown.id): \(outcome)")
            } catch {
                logger.warning("could not send '\(action.id)' of notification \(shown.id): \(error)")
            }
        }
    }

    /// Opens where `link` points, as Home Assistant's apps do (``LinkTarget/init(notificationLink:server:)``):
    /// a page of the server in the window, another site in the browser.
    private func open(_ link: String?, of shown: ShownNotification) {
        guard let link else { return }
        let target: LinkTarget
        do {
            target = try LinkTarget(notificationLink: link, server: shown.server)
        } catch {
            return logger.warning("notification \(shown.id) points to \(link), which does not open: \(error)")
        }
        guard let opener = openers().first else {
            return logger.warning("notification \(shown.id) points to \(link), but nothing opens links here (enable the links plugin)")
        }
        do {
            switch target {
            case .page(let path, let entity): try opener.openPage(server: shown.server.absoluteString, path: path, entity: entity)
            case .browser(let url): try opener.openInBrowser(url)
            case .nothing, .serviceCall, .event: break
            }
        } catch {
            logger.warning("could not open \(link) of notification \(shown.id): \(error)")
        }
    }
}
