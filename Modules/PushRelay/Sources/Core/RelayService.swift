import Essentials
import Foundation

/// The relay's endpoints: `POST /push/register`, `POST /push/send`, `POST /rate_limits/check`,
/// `GET /push/stream`, `POST /push/ack`, `GET /healthz`, `GET /metrics`. Every error is a JSON
/// body that says what was wrong.
public final class RelayService: Sendable {
    let configuration: RelayConfiguration
    let limits: any RateLimitStore
    let delivery: any DeliveryBackend
    let registrations: any RegistrationStore
    let routes: [ProviderRoute]
    let metrics: RelayMetrics
    let logger: Logger
    let dispatcher: ProviderDispatcher
    let registrationLimiter: RegistrationLimiter
    let addressLimiter: AddressRateLimiter
    let providerTokens: ProviderTokenBudget

    /// A service over the given stores and limits; `routes` send to APNs or FCM, the rest stream.
    public init(
        configuration: RelayConfiguration, limits: any RateLimitStore, delivery: any DeliveryBackend, registrations: any RegistrationStore,
        routes: [ProviderRoute] = ProviderRoute.streamOnly, metrics: RelayMetrics,
        logger: Logger = Logger.standardError(label: "push-relay", level: .warning)
    ) {
        self.logger = logger
        self.routes = routes
        self.configuration = configuration
        self.limits = limits
        self.delivery = delivery
        self.registrations = registrations
        self.metrics = metrics
        dispatcher = ProviderDispatcher()
        registrationLimiter = RegistrationLimiter(perHour: configuration.registrationsPerAddress)
        addressLimiter = AddressRateLimiter(perSecond: configuration.requestsPerAddress)
        providerTokens = ProviderTokenBudget(limit: configuration.providerTokensPerDay)
    }

    /// What a client is told of a failure inside the relay; what failed goes to the log only.
    static let internalError = "internal error; the relay's log says what failed"

    /// The endpoints and the method each takes.
    static let endpoints = [
        "/push/register": ["POST", "DELETE"], "/push/send": ["POST"], "/rate_limits/check": ["POST"], "/push/stream": ["GET"],
        "/push/ack": ["POST"], "/healthz": ["GET"], "/metrics": ["GET"],
    ]

    /// Answers one request, counting it by status.
    public func handle(_ request: RelayRequest) -> HTTPReply {
        let reply = route(request)
        if let status = reply.status { metrics.countRequest(status: status) }
        return reply
    }

    /// Removes the registrations neither sent to nor streamed for ``RelayConfiguration/registrationTTL``
    /// seconds, with their queues and streams; how many. Logged, never thrown: the next sweep tries again.
    @discardableResult
    public func expireUnusedRegistrations() -> Int {
        do {
            let expired = try registrations.expire(unusedSince: Current.now().addingTimeInterval(-configuration.registrationTTL))
            for key in expired { delivery.forget(key) }
            if !expired.isEmpty { logger.info("\(expired.count) registration(s) unused for \(Int(configuration.registrationTTL / 86_400)) days expired") }
            return expired.count
        } catch {
            logger.error("unused registrations could not be expired: \(error)")
            return 0
        }
    }

    /// Lets the provider sends under way finish; later ones are refused.
    public func stop() {
        dispatcher.stop()
    }

    private func route(_ request: RelayRequest) -> HTTPReply {
        guard let methods = Self.endpoints[request.path] else { return .error(404, "no endpoint \(request.path)") }
        guard methods.contains(request.method) else {
            return .error(405, "\(request.path) takes \(methods.joined(separator: " or ")), not \(request.method)")
        }
        guard request.path == "/healthz" || addressLimiter.take(request.addressKey, now: Current.uptime()) else {
            return .error(429, "too many requests from \(request.clientAddress); at most \(configuration.requestsPerAddress) a second")
        }
        // A form or text/plain POST is one a web page can make across sites without asking.
        guard request.method != "POST" || request.isJSON else {
            return .error(415, "\(request.path) takes a JSON body with Content-Type: application/json")
        }
        do {
            switch request.path {
            case "/push/register": return request.method == "DELETE" ? try unregister(request) : try register(request)
            case "/push/send": return try send(request)
            case "/rate_limits/check": return try check(request)
            case "/push/stream": return try stream(request)
            case "/push/ack": return try acknowledge(request)
            case "/metrics": return try metricsText(request)
            case "/healthz":
                guard delivery.isHealthy else { return .json(503, .object(["status": .string("unhealthy"), "message": .string("Redis is unreachable")])) }
                return .json(200, .object(["status": .string("ok")]))
            default: return .error(404, "no endpoint \(request.path)")
            }
        } catch let error as RelayRequestError {
            return .error(error.status, error.message)
        } catch {
            logger.error("\(request.method) \(request.path) failed: \(error)")
            return .error(500, Self.internalError)
        }
    }

    private func send(_ request: RelayRequest) throws -> HTTPReply {
        // The common body, a plain notification for a stream, is read straight from its bytes;
        // any other body, or one with a fault, is parsed whole, which also says what is wrong.
        if let plain = StreamedPushBody(request.body), let route = try? route(for: plain.appID), route.provider == nil {
            return try deliver(to: plain.pushToken, through: route) { (.null, plain.payload) }
        }
        let push = try PushSendRequest(body: request.body)
        let route = try route(for: push.appID)
        return try deliver(to: push.pushToken, through: route) {
            // What a stream delivers is checked as it will be written (a number such as 1e5 is
            // written 100000.0), before the notification counts against the day's limit.
            route.provider == nil
                ? (.null, try PayloadConverter.streamedBytes(push.notification))
                : (try PayloadConverter.convert(push.notification), [])
        }
    }

    /// The route of `appID`; a 406 when this relay does not allow the app or has no route for it.
    private func route(for appID: String) throws(RelayRequestError) -> ProviderRoute {
        let allowed = configuration.allowedAppIDs
        guard allowed.isEmpty || allowed.contains(appID) else { throw RelayRequestError(406, "app id \(appID) is not allowed on this relay") }
        guard let route = routes.first(where: { $0.serves(appID) }) else {
            throw RelayRequestError(406, "no provider on this relay delivers for app id \(appID)")
        }
        return route
    }

    /// Delivers to `token` through `route` what `payloads` makes (the provider's payload, the
    /// stream's bytes), once the token is known and counted.
    private func deliver(to token: String, through route: ProviderRoute, payloads: () throws -> (JSONValue, [UInt8])) throws -> HTTPReply {
        // Counts and queues are kept by the token's digest, never the token itself.
        let key = SecretDigest.key(token)
        // One reading of the clock for the whole request.
        let date = Current.now()
        if route.provider == nil {
            guard try registrations.useIfRegistered(tokenKey: key, at: date) else {
                throw RelayRequestError(404, "the push token was not issued by this relay; the device registers at /push/register")
            }
        } else if !providerTokens.admit(key, at: date) {
            throw RelayRequestError(429, "the relay keeps counts for at most \(configuration.providerTokensPerDay) push tokens of other apps a day; try again after 00:00 UTC")
        }
        let (payload, streamed) = try payloads()
        guard streamed.count <= QueueLimits.maximumPayloadSize else {
            throw RelayRequestError(413, "the notification is \(streamed.count) bytes as delivered; a device takes at most \(QueueLimits.maximumPayloadSize)")
        }
        let maximum = configuration.dailyLimit
        guard try limits.reserve(key, maximum: maximum, at: date) != nil else {
            let status = try limits.status(of: key, maximum: maximum, at: date)
            return .json(429, .object([
                "message": .string("the push token has used its \(maximum) notifications for today; the count resets at 00:00 UTC"),
                "rateLimits": status.json,
            ]))
        }
        // Answered once the provider answered, or the notification is durably queued; the
        // connection waits suspended, not a thread. The count is taken where the delivery ends,
        // the JSON answer made on the server's thread.
        let deferred = DeferredReply()
        let finish: @Sendable (Result<DeliveryOutcome, any Error>) -> Void = { [self] outcome in
            let recorded = record(outcome, token: token, key: key, route: route, at: date)
            complete(deferred) { [self] in reply(to: recorded) }
        }
        if let provider = route.provider {
            let expiry = date.addingTimeInterval(configuration.messageTTL)
            let queued = dispatcher.submit(for: key) {
                finish(Result { try provider.send(payload, to: token, expiresAt: expiry); return .streamed })
            }
            if !queued {
                finish(.failure(RelayRequestError(503, "the relay has too many notifications on their way to \(route.id), or for this token; try again later")))
            }
        } else {
            delivery.deliver(streamed, to: key, completion: finish)
        }
        return .deferred(deferred)
    }

    /// Completes `deferred` with what `answer` makes on the server's thread, counted by its status
    /// (a deferred answer is not counted by ``handle(_:)``).
    func complete(_ deferred: DeferredReply, _ answer: @escaping @Sendable () -> HTTPReply) {
        deferred.complete { [metrics] in
            let reply = answer()
            if let status = reply.status { metrics.countRequest(status: status) }
            return reply
        }
    }

    /// Counts a reserved delivery that went as `outcome`, as successful or failed; the status
    /// and message to answer with and the token's counts.
    private func record(_ outcome: Result<DeliveryOutcome, any Error>, token: String, key: String, route: ProviderRoute, at date: Date)
        -> Result<(Int, String, RateLimitStatus), any Error> {
        Result {
            let maximum = configuration.dailyLimit
            switch outcome {
            case .success(let delivered):
                metrics.countDelivery(provider: route.id)
                return (201, delivered.message, try limits.complete(key, success: true, maximum: maximum, at: date))
            case .failure(let error):
                // The token is masked: it addresses one device.
                logger.redacting(token).warning("delivery through \(route.id) to \(token) failed: \(error)")
                let status = try limits.complete(key, success: false, maximum: maximum, at: date)
                let (code, message) = (error as? RelayRequestError).map { ($0.status, $0.message) }
                    ?? (500, "the notification could not be delivered; the relay's log says why")
                return (code, message, status)
            }
        }
    }

    private func reply(to recorded: Result<(Int, String, RateLimitStatus), any Error>) -> HTTPReply {
        switch recorded {
        case .success(let (code, message, status)):
            // Written member by member: this is the answer to every delivery.
            var answer = JSONObjectWriter()
            answer.string("message", message)
            answer.object("rateLimits") { status.write(into: &$0) }
            return .full(status: code, contentType: "application/json", body: answer.finished())
        case .failure(let error):
            logger.error("a delivery could not be counted: \(error)")
            return .error(500, Self.internalError)
        }
    }

    private func check(_ request: RelayRequest) throws -> HTTPReply {
        guard let object = (try? JSONParser.parse(request.body))?.objectValue else { throw RelayRequestError(400, "the body must be a JSON object") }
        guard case .string(let token)? = object["push_token"] else { throw RelayRequestError(400, "push_token is missing or not a string") }
        try PushTokenRules.check(token)
        let status = try limits.status(of: SecretDigest.key(token), maximum: configuration.dailyLimit, at: Current.now())
        return .json(200, .object(["target": .string(token), "rateLimits": status.json]))
    }

    private func metricsText(_ request: RelayRequest) throws -> HTTPReply {
        if let expected = configuration.metricsToken {
            guard let given = request.bearer, SecretDigest.matches(SecretDigest.key(given), SecretDigest.key(expected)) else {
                throw RelayRequestError(401, "/metrics needs 'Authorization: Bearer' with the relay's metrics token")
            }
        } else if !configuration.metricsPublic && IPAddress(request.clientAddress)?.isLoopback != true {
            throw RelayRequestError(403, "/metrics answers only this machine unless the relay has a metrics token (metrics_token_file)")
        }
        let text = metrics.render(
            queueDepth: (try? delivery.queueDepth()) ?? 0, streams: delivery.streams.count, dropped: delivery.droppedCount,
            backgroundFailures: delivery.backgroundFailures
        )
        return .text(200, text, contentType: "text/plain; version=0.0.4")
    }
}
