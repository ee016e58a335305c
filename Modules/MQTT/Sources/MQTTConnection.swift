import CMosquitto
import Essentials
import FoundationEssentials

/// A connection to an MQTT broker through libmosquitto: a persistent session (clean session off,
/// the machine's client id), the last will, TLS for mqtts://, reconnects with backoff (1 s doubling
/// to 30 s) on libmosquitto's own thread, and on every (re)connect the subscriptions (QoS 1) made
/// again before `connected` runs. Messages larger than ``maximumIncomingBytes`` are dropped.
public final class MQTTConnection: @unchecked Sendable {
    /// The largest message handed on.
    public static let maximumIncomingBytes = 64 << 10

    let settings: MQTTSettings
    let subscriptions: [String]
    let connected: @Sendable () -> Void
    let received: @Sendable (MQTTMessage) -> Void
    let logger: Logger
    private let library: hc_mosquitto_api
    private let handle: OpaquePointer
    private let lock = Lock()
    private var started = false
    private var isConnected = false

    /// Creates the client; nothing is sent before ``start()``.
    public init(
        settings: MQTTSettings, subscriptions: [String], connected: @escaping @Sendable () -> Void,
        received: @escaping @Sendable (MQTTMessage) -> Void, logger: Logger
    ) throws(MQTTError) {
        guard let loaded = hc_mosquitto() else { throw MQTTError(hc_mosquitto_failure().map { String(cString: $0) } ?? "libmosquitto is missing") }
        library = loaded.pointee
        self.settings = settings
        self.subscriptions = subscriptions
        self.connected = connected
        self.received = received
        self.logger = logger
        guard let created = library.new(settings.clientID, false, nil) else { throw MQTTError("libmosquitto could not make a client") }
        handle = created
        do {
            try configure()
        } catch {
            library.destroy(handle)
            throw error
        }
    }

    deinit {
        stop()
        library.destroy(handle)
    }

    private func configure() throws(MQTTError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        library.user_data_set(handle, context)
        try check(library.int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311), "set MQTT 3.1.1")
        if let username = settings.username { try check(library.username_pw_set(handle, username, settings.password), "set the user name") }
        if let will = settings.will {
            try check(will.payload.withUnsafeBytes { library.will_set(handle, will.topic, Int32(will.payload.count), $0.baseAddress, will.qos, will.retain) }, "set the last will")
        }
        if settings.broker.tls {
            try check(library.tls_set(handle, settings.caFile, settings.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil), "set up TLS")
        }
        try check(library.reconnect_delay_set(handle, 1, 30, true), "set the reconnect delay")
        library.connect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().didConnect(code)
        }
        library.disconnect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().didDisconnect(code)
        }
        library.message_callback_set(handle) { _, context, message in
            guard let context, let message else { return }
            Unmanaged<MQTTConnection>.fromOpaque(context).takeUnretainedValue().didReceive(message.pointee)
        }
    }

    /// Starts the network thread and the first connection attempt; a broker that is down is
    /// tried again with backoff.
    public func start() throws(MQTTError) {
        lock.lock()
        defer { lock.unlock() }
        guard !started else { return }
        try check(library.loop_start(handle), "start the network thread")
        started = true
        let code = library.connect_async(handle, settings.broker.host, settings.broker.port, settings.keepAlive)
        if code != Int32(MOSQ_ERR_SUCCESS.rawValue) {
            logger.warning("cannot reach the broker \(settings.broker.host):\(settings.broker.port) yet (\(describe(code))); trying again")
        }
    }

    /// Whether the broker accepted the current connection.
    public var connectedNow: Bool { lock.withLock { isConnected } }

    /// Publishes `message` (queued by libmosquitto while disconnected, for QoS 1 and 2).
    public func publish(_ message: MQTTMessage) throws(MQTTError) {
        let code = message.payload.withUnsafeBytes { bytes in
            library.publish(handle, nil, message.topic, Int32(message.payload.count), bytes.baseAddress, message.qos, message.retain)
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue || code == MOSQ_ERR_NO_CONN.rawValue else {
            throw MQTTError("could not publish to \(message.topic): \(describe(code))")
        }
    }

    /// Disconnects (the will is not sent) and stops the network thread.
    public func stop() {
        let wasStarted = lock.withLock { () -> Bool in
            defer { started = false }
            return started
        }
        guard wasStarted else { return }
        _ = library.disconnect(handle)
        _ = library.loop_stop(handle, false)
    }

    private func didConnect(_ code: Int32) {
        guard code == 0 else {
            return logger.warning("the broker refused the connection: \(library.connack_string(code).map { String(cString: $0) } ?? "code \(code)")")
        }
        lock.withLock { isConnected = true }
        logger.info("connected to \(settings.broker.host):\(settings.broker.port)")
        for topic in subscriptions {
            let subscribed = library.subscribe(handle, nil, topic, 1)
            if subscribed != MOSQ_ERR_SUCCESS.rawValue { logger.warning("could not subscribe to \(topic): \(describe(subscribed))") }
        }
        connected()
    }

    private func didDisconnect(_ code: Int32) {
        lock.withLock { isConnected = false }
        if code != 0 { logger.warning("the broker connection dropped (\(describe(code))); reconnecting") }
    }

    private func didReceive(_ message: mosquitto_message) {
        guard let topic = message.topic.map({ String(cString: $0) }) else { return }
        let length = Int(message.payloadlen)
        guard length <= Self.maximumIncomingBytes else {
            return logger.warning("dropped a \(length)-byte message on \(topic) (more than \(Self.maximumIncomingBytes) bytes)")
        }
        let payload = message.payload.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
        received(MQTTMessage(topic: topic, payload: payload, qos: message.qos, retain: message.retain))
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTError) {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw MQTTError("could not \(what): \(describe(code))") }
    }

    private func describe(_ code: Int32) -> String {
        library.strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}
