import Essentials
import Synchronization

/// The companion's side of the frontend's external authentication and external bus: what the page
/// posts to `getExternalAuth`, `revokeExternalAuth` and `externalBus` comes here, already checked to
/// be from the server's main frame, and every answer leaves as a ``PageCall``.
///
/// Every token request is answered, with `false` when no token can be had: the frontend waits for
/// a pending request and never asks again while it waits.
public final class FrontendBridge: Sendable {
    /// The handler names the page may post to.
    public static let handlerNames = ["getExternalAuth", "revokeExternalAuth", "externalBus"]

    private let session: any WindowSession
    /// What the window can do as far as known now; `config/get` waits for `settled` and keeps it here.
    private let known: Mutex<FrontendCapabilities>
    private let settled: Task<FrontendCapabilities, Never>
    private let actions: any WindowActions
    private let logger: Logger
    private let deliver: @Sendable (PageCall) -> Void
    private let reportedUnknown = Mutex<Set<String>>([])
    private let lastCommandID = Mutex<Int64>(0)
    /// Commands sent and not yet answered, with how often each was sent.
    private let pendingCommands = Mutex<[Int64: (command: String, attempts: Int)]>([:])
    /// How often a command the frontend is not ready for is sent again, half a second apart.
    static let commandAttempts = 20

    /// Creates a bridge; `deliver` runs each answer in the page (from any thread: it hops to the UI
    /// thread). `settling`, when given, finds out what takes a question to the server (such as
    /// whether it runs Matter) while the page loads; `config/get` is answered once it has, with
    /// what it found, and until then `capabilities` stand.
    public init(
        session: any WindowSession, capabilities: FrontendCapabilities, settling: (@Sendable () async -> FrontendCapabilities)? = nil, actions: any WindowActions,
        logger: Logger, deliver: @escaping @Sendable (PageCall) -> Void
    ) {
        self.session = session
        known = Mutex(capabilities)
        settled = Task { await settling?() ?? capabilities }
        self.actions = actions
        self.logger = logger
        self.deliver = deliver
    }

    /// Takes one message the page posted to `handler`, as JSON text.
    public func receive(handler: String, json: String) {
        switch handler {
        case "getExternalAuth":
            guard let request = read(ExternalAuthRequest.init, json, from: handler) else { return }
            logger.debug("getExternalAuth\(request.force ? " (force)" : "")")
            let asked = Current.uptime()
            Task { [session, deliver, logger] in
                let token = await session.externalToken(force: request.force)
                logger.debug("the token took \(Int((Current.uptime() - asked) * 1_000)) ms")
                guard let token else {
                    return deliver(.answer(request.callback, success: false))
                }
                deliver(.answer(request.callback, success: true, data: .object([
                    "access_token": .string(token.accessToken), "expires_in": .integer(Int64(token.expiresIn)),
                ])))
            }
        case "revokeExternalAuth":
            guard let request = read(ExternalAuthRequest.init, json, from: handler) else { return }
            logger.debug("revokeExternalAuth")
            Task { [session, deliver, actions, logger] in
                do {
                    try await session.signOut()
                    deliver(.answer(request.callback, success: true))
                    actions.signedOut()
                } catch {
                    logger.warning("signing out from the page failed: \(error)")
                    deliver(.answer(request.callback, success: false))
                }
            }
        case "externalBus":
            guard let message = read(ExternalBusMessage.init, json, from: handler) else { return }
            logger.debug("externalBus \(message.type)\(message.id.map { " (id \($0))" } ?? "")")
            handle(message)
        default:
            logger.warning("ignored a message to an unknown handler '\(handler)'")
        }
    }

    /// Sends the frontend a command: `restart`, `notifications/show`, `sidebar/toggle`. One it is
    /// not ready for yet (its command handler comes a moment after it connects) is sent again.
    public func send(command: String) {
        send(command: command, attempt: 1)
    }

    private func send(command: String, attempt: Int) {
        let id = lastCommandID.withLock { id in
            id += 1
            return 1_000_000 + id
        }
        pendingCommands.withLock { $0[id] = (command, attempt) }
        deliver(.bus(.object(["id": .integer(id), "type": .string("command"), "command": .string(command)])))
    }

    private func handle(_ message: ExternalBusMessage) {
        let capabilities = known.withLock { $0 }
        switch message.type {
        case "config/get":
            Task { [self] in
                let settled = await settled.value
                known.withLock { $0 = settled }
                answer(message, result: settled.configResult)
            }
        case "connection-status":
            actions.connectionChanged(message.payload?.objectValue?["event"]?.stringValue ?? "unknown")
        case "theme-update":
            actions.themeChanged()
        case "config_screen/show" where capabilities.settingsScreen:
            actions.showSettings()
        case "thread/import_credentials" where capabilities.threadCredentialImport:
            actions.importThreadCredentials()
        case "matter/commission" where capabilities.matterCommissioning:
            actions.commissionMatter()
        case "haptic":
            break
        case "result":
            // The frontend's answer to a command the window sent.
            guard let id = message.id, let sent = pendingCommands.withLock({ $0.removeValue(forKey: id) }) else { return }
            if message.success == true {
                logger.debug("the frontend did \(sent.command)")
            } else if ["not_ready", "unknown_command"].contains(message.errorCode), sent.attempts < Self.commandAttempts {
                // Frontend 20240307 answers `unknown_command` while no command handler is attached
                // yet (a moment after it connects) and `not_ready` when its handler declines.
                Task { [self] in
                    try? await Current.sleep(0.5)
                    send(command: sent.command, attempt: sent.attempts + 1)
                }
            } else {
                logger.warning("the frontend refused \(sent.command): \(message.errorCode ?? "no reason")")
            }
        default:
            if reportedUnknown.withLock({ $0.insert(message.type).inserted }) {
                logger.info("the frontend sent '\(message.type)', which this window does not do; answered with an error (said once)")
            }
            guard message.id != nil else { return }
            answer(message, error: "not_supported", text: "\(message.type) is not supported by HomeCompanion")
        }
    }

    private func answer(_ message: ExternalBusMessage, result: JSONValue) {
        guard let id = message.id else { return }
        deliver(.bus(.object(["id": .integer(id), "type": .string("result"), "success": .bool(true), "result": result])))
    }

    private func answer(_ message: ExternalBusMessage, error code: String, text: String) {
        guard let id = message.id else { return }
        deliver(.bus(.object([
            "id": .integer(id), "type": .string("result"), "success": .bool(false),
            "error": .object(["code": .string(code), "message": .string(text)]),
        ])))
    }

    private func read<Message>(_ parse: (String) throws(BridgeMessageError) -> Message, _ json: String, from handler: String) -> Message? {
        do {
            return try parse(json)
        } catch {
            logger.warning("ignored a message to \(handler): \(error)")
            return nil
        }
    }
}
