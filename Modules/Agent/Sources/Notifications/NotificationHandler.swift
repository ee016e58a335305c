import Essentials
import FoundationEssentials
import Synchronization

/// What the agent does with a notification however it arrived (the local push channel or the
/// push relay): runs the handler of a command message, or keeps an ordinary message in the
/// history, lets the message handlers act on it, and shows it through every presenter.
///
/// A command no handler takes is logged once per name with the reason, not at every message.
public final class NotificationHandler: Sendable {
    /// The name prefix of handlers that see every ordinary message before it is shown.
    public static let messageHandlerPrefix = "message/"

    let history: NotificationHistory
    let presenters: [any NotificationPresenter]
    let commandHandlers: [String: any NotificationCommandHandler]
    let messageHandlers: [any NotificationCommandHandler]
    let responder: NotificationResponder
    let images: NotificationImages?
    /// The server the notifications come from.
    let server: URL
    let logger: Logger
    private let unhandled = Mutex<Set<String>>([])

    /// Creates a handler; `handlers` are keyed by the command they take (`clear_notification`)
    /// or by ``messageHandlerPrefix`` and a name of their own for ordinary messages; `responder`
    /// is how presenters send a pressed action back; `images` downloads `data.image` for them;
    /// `server` is where the notifications come from.
    public init(
        history: NotificationHistory, presenters: [any NotificationPresenter], handlers: [String: any NotificationCommandHandler] = [:],
        responder: NotificationResponder, images: NotificationImages? = nil, server: URL, logger: Logger
    ) {
        self.server = server
        self.history = history
        self.presenters = presenters
        self.responder = responder
        self.images = images
        commandHandlers = handlers.filter { !$0.key.hasPrefix(Self.messageHandlerPrefix) }
        messageHandlers = handlers.filter { $0.key.hasPrefix(Self.messageHandlerPrefix) }.sorted { $0.key < $1.key }.map(\.value)
        self.logger = logger
    }

    /// Runs the handler of a command, or keeps, hands on and shows an ordinary message.
    public func receive(_ notification: PushNotification) async {
        await receive(notification, relayID: nil)
    }

    /// Handles a notification a push relay delivered as `relayID`: one it delivered before is
    /// skipped. Shown notifications are recorded with their id in one transaction; a command's
    /// id is recorded before it runs (a crash in between runs it at most once).
    public func receive(_ notification: PushNotification, relayID: String?) async {
        do {
            var recordID: Int64?
            if let relayID {
                switch try history.recordRelayDelivery(relayID, notification.isCommand ? nil : notification) {
                case .deliveredBefore: return logger.info("skipped a notification the relay delivered before")
                case .recorded(let id): recordID = id
                }
            }
            if notification.isCommand {
                try await run(command: notification)
            } else {
                try await show(notification, id: recordID ?? history.record(notification))
            }
        } catch {
            logger.warning("could not handle '\(notification.message)': \(error)")
        }
    }

    /// The id of the last notification a push relay delivered with an id starting `prefix`.
    public func lastRelayDelivery(prefix: String = "") -> String? {
        try? history.lastRelayDelivery(prefix: prefix)
    }

    private func show(_ notification: PushNotification, id: Int64) async throws {
        for handler in messageHandlers {
            if case .handled(let line) = try await handler.handle(notification) {
                return logger.info(line)
            }
        }
        let actions = notification.actions.isEmpty ? "" : " [\(notification.actions.map(\.id).joined(separator: ", "))]"
        logger.info("notification \(id): \(notification.title.map { "\($0): " } ?? "")\(notification.message)\(actions)")
        var imageFile: URL?
        if let image = notification.image, let images, !presenters.isEmpty { imageFile = await images.fetch(image, id: id) }
        let shown = ShownNotification(id: id, notification: notification, imageFile: imageFile, server: server, responder: responder)
        for presenter in presenters { presenter.show(shown) }
    }

    private func run(command notification: PushNotification) async throws {
        let name = notification.message
        if let handler = commandHandlers[name] {
            if case .handled(let line) = try await handler.handle(notification) { logger.info(line) }
            return
        }
        let first = unhandled.withLock { $0.insert(name).inserted }
        guard first else { return }
        logger.info("command \(name): \(Self.reasonUnhandled(name)); logged once")
    }

    /// Why a command without a handler does nothing here.
    static func reasonUnhandled(_ name: String) -> String {
        if name.hasPrefix("command_") {
            return "a phone's command (screen, volume, apps, Bluetooth…) that no enabled plugin performs on this Linux machine"
        }
        return "no enabled plugin handles it on this machine"
    }
}
