import Essentials
import Foundation

/// The relay's endpoints: `POST /push/send`, `POST /rate_limits/check`, `GET /push/stream`,
/// `GET /healthz`, `GET /metrics`. Every error is a JSON body that says what was wrong.
public final class RelayService: Sendable {
    let configuration: RelayConfiguration
    let limits: any RateLimitStore
    let delivery: any DeliveryBackend
    let routes: [ProviderRoute]
    let metrics: RelayMetrics
    let now: @Sendable () -> Date
    let logger: Logger

    public init(
        configuration: RelayConfiguration, limits: any RateLimitStore, delivery: any DeliveryBackend, routes: [ProviderRoute] = ProviderRoute.streamOnly,
        metrics: RelayMetrics, now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger.standardError(label: "push-relay", level: .warning)
    ) {
        self.logger = logger
        self.routes = routes
        self.configuration = configuration
        self.limits = limits
        self.delivery = delivery
        self.metrics = metrics
        self.now = now
    }

    /// The endpoints and the method each takes.
    static let endpoints = ["/push/send": "POST", "/rate_limits/check": "POST", "/push/stream": "GET", "/healthz": "GET", "/metrics": "GET"]

    /// Answers one request, counting it by status.
    public func handle(_ request: RelayRequest) -> HTTPReply {
        let reply = route(request)
        if let status = reply.status { metrics.countRequest(status: status) }
        return reply
    }

    private func route(_ request: RelayRequest) -> HTTPReply {
        guard let method = Self.endpoints[request.path] else { return .error(404, "no endpoint \(request.path)") }
        guard request.method == method else { return .error(405, "\(request.path) takes \(method), not \(request.method)") }
        do {
            switch request.path {
            case "/push/send": return try send(request)
            case "/rate_limits/check": return try check(request)
            case "/push/stream": return try stream(request)
            case "/metrics":
                let text = metrics.render(queueDepth: (try? delivery.queueDepth()) ?? 0, streams: delivery.streams.count)
                return .text(200, text, contentType: "text/plain; version=0.0.4")
            case "/healthz": return .json(200, .object(["status": .string("ok")]))
            default: return .error(404, "no endpoint \(request.path)")
            }
        } catch let error as RelayRequestError {
            return .error(error.status, error.message)
        } catch {
            logger.error("\(request.method) \(request.path) failed: \(error)")
            return .error(500, "internal error: \(error)")
        }
    }

    private func send(_ request: RelayRequest) throws -> HTTPReply {
        let push = try PushSendRequest(body: request.body)
        let allowed = configuration.allowedAppIDs
        guard allowed.isEmpty || allowed.contains(push.appID) else {
            throw RelayRequestError(406, "app id \(push.appID) is not allowed on this relay")
        }
        guard let route = routes.first(where: { $0.serves(push.appID) }) else {
            throw RelayRequestError(406, "no provider on this relay delivers for app id \(push.appID)")
        }
        let payload = try PayloadConverter.convert(push.notification)
        let date = now()
        let maximum = configuration.dailyLimit
        guard try limits.reserve(push.pushToken, maximum: maximum, at: date) != nil else {
            let status = try limits.status(of: push.pushToken, maximum: maximum, at: date)
            return .json(429, .object([
                "message": .string("the push token has used its \(maximum) notifications for today; the count resets at 00:00 UTC"),
                "rateLimits": status.json,
            ]))
        }
        if let provider = route.provider {
            let outcome = Result { () throws -> DeliveryOutcome in
                try provider.send(payload, to: push.pushToken, expiresAt: date.addingTimeInterval(configuration.messageTTL))
                return .streamed
            }
            return reply(to: record(outcome, token: push.pushToken, route: route, at: date))
        }
        // Answered once the notification is streamed or durably queued; the connection waits
        // suspended, not a thread. The count is taken where the delivery ends, the JSON answer
        // made on the server's thread.
        let deferred = DeferredReply()
        delivery.deliver(payload, to: push.pushToken) { [self] outcome in
            let recorded = record(outcome, token: push.pushToken, route: route, at: date)
            deferred.complete { [self] in
                let answer = reply(to: recorded)
                if let status = answer.status { metrics.countRequest(status: status) }
                return answer
            }
        }
        return .deferred(deferred)
    }

    /// Counts a reserved delivery that went as `outcome`, as successful or failed; the status
    /// and message to answer with and the token's counts.
    private func record(_ outcome: Result<DeliveryOutcome, any Error>, token: String, route: ProviderRoute, at date: Date)
        -> Result<(Int, String, RateLimitStatus), any Error> {
        Result {
            let maximum = configuration.dailyLimit
            switch outcome {
            case .success(let delivered):
                metrics.countDelivery(provider: route.id)
                return (201, delivered.message, try limits.complete(token, success: true, maximum: maximum, at: date))
            case .failure(let error):
                // The token is masked: it addresses one device and is the client's credential.
                logger.redacting(token).warning("delivery through \(route.id) to \(token) failed: \(error)")
                let status = try limits.complete(token, success: false, maximum: maximum, at: date)
                let (code, message) = (error as? RelayRequestError).map { ($0.status, $0.message) }
                    ?? (500, "the notification could not be delivered: \(error)")
                return (code, message, status)
            }
        }
    }

    private func reply(to recorded: Result<(Int, String, RateLimitStatus), any Error>) -> HTTPReply {
        switch recorded {
        case .success(let (code, message, status)): return .json(code, .object(["message": .string(message), "rateLimits": status.json]))
        case .failure(let error):
            logger.error("a delivery could not be counted: \(error)")
            return .error(500, "internal error: \(error)")
        }
    }

    private func check(_ request: RelayRequest) throws -> HTTPReply {
        guard let object = (try? JSONParser.parse(request.body))?.objectValue else { throw RelayRequestError(400, "the body must be a JSON object") }
        guard case .string(let token)? = object["push_token"], !token.isEmpty else { throw RelayRequestError(400, "push_token is missing or not a string") }
        let status = try limits.status(of: token, maximum: configuration.dailyLimit, at: now())
        return .json(200, .object(["target": .string(token), "rateLimits": status.json]))
    }

    private func stream(_ request: RelayRequest) throws -> HTTPReply {
        let bearer = request.headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard let token = bearer ?? request.query["push_token"], !token.isEmpty else {
            throw RelayRequestError(400, "give the push token as 'Authorization: Bearer TOKEN' or ?push_token=")
        }
        let stream = EventStream()
        stream.send(ServerSentEvent(name: "ready", data: "{}"))
        try delivery.attach(stream, for: token)
        return .stream(stream)
    }
}
