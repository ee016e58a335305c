import Essentials
import Foundation

/// The endpoints of a registered device: registering, holding the stream, acknowledging.
extension RelayService {
    /// Issues a push token and a stream secret, stored as digests; answers them once, with 201.
    func register(_ request: RelayRequest) throws -> HTTPReply {
        if let expected = configuration.registrationKey {
            guard let given = request.bearer, SecretDigest.matches(SecretDigest.key(given), SecretDigest.key(expected)) else {
                throw RelayRequestError(401, "this relay requires its registration key as 'Authorization: Bearer KEY' to register")
            }
        }
        guard registrationLimiter.take(request.addressKey, at: Current.now()) else {
            throw RelayRequestError(429, "too many registrations from \(request.clientAddress) this hour; try again later")
        }
        let credentials = IssuedCredentials.random()
        let deferred = DeferredReply()
        registrations.add(tokenKey: SecretDigest.key(credentials.pushToken), secretKey: SecretDigest.key(credentials.streamSecret), at: Current.now()) { [self] outcome in
            complete(deferred) { [self] in
                switch outcome {
                case .success:
                    return .json(201, .object([
                        "push_token": .string(credentials.pushToken), "stream_secret": .string(credentials.streamSecret),
                    ]))
                case .failure(let error as RelayRequestError): return .error(error.status, error.message)
                case .failure(let error):
                    logger.error("a registration could not be stored: \(error)")
                    return .error(500, "internal error: the registration could not be stored")
                }
            }
        }
        return .deferred(deferred)
    }

    /// Forgets the device whose stream secret the request carries: its registration, what waits
    /// for it and its streams. Its push token is refused from then on.
    func unregister(_ request: RelayRequest) throws -> HTTPReply {
        guard let secret = request.bearer, !secret.isEmpty, secret.utf8.count <= 256 else {
            throw RelayRequestError(401, "unregistering needs the device's stream secret as 'Authorization: Bearer SECRET'")
        }
        let deferred = DeferredReply()
        registrations.remove(secretKey: SecretDigest.key(secret)) { [self] outcome in
            if case .success(let key?) = outcome { delivery.forget(key) }
            complete(deferred) { [self] in
                switch outcome {
                case .success(nil): return .error(401, "the stream secret is not one this relay issued")
                case .success: return .json(200, .object(["message": .string("unregistered")]))
                case .failure(let error):
                    logger.error("a registration could not be removed: \(error)")
                    return .error(500, "internal error: the registration could not be removed")
                }
            }
        }
        return .deferred(deferred)
    }

    /// The event stream of the device whose stream secret the request carries, resuming after
    /// its `Last-Event-ID` (which acknowledges everything up to it).
    func stream(_ request: RelayRequest) throws -> HTTPReply {
        if request.query["push_token"] != nil {
            throw RelayRequestError(400, "/push/stream takes the stream secret as 'Authorization: Bearer SECRET', never in the URL")
        }
        let key = try deviceKey(request)
        registrations.markUsed(tokenKey: key, at: Current.now())
        let lastID = request.headers["last-event-id"].flatMap { $0.isEmpty ? nil : $0 }
        let stream = EventStream()
        stream.send(ServerSentEvent(name: "ready", data: "{}"))
        try delivery.attach(stream, for: key, from: request.addressKey, after: lastID)
        return .stream(stream)
    }

    /// `{"last_id": ID}`: the device has every notification up to ID; the relay forgets them.
    func acknowledge(_ request: RelayRequest) throws -> HTTPReply {
        let key = try deviceKey(request)
        guard case .string(let id)? = (try? JSONParser.parse(request.body))?.objectValue?["last_id"], !id.isEmpty, id.utf8.count <= 64 else {
            throw RelayRequestError(400, "the body must be {\"last_id\": ID} with the id of the last notification the device has")
        }
        try delivery.acknowledge(key, through: id)
        return .json(200, .object(["message": .string("acknowledged")]))
    }

    /// The token key of the device whose stream secret is the request's bearer credential.
    private func deviceKey(_ request: RelayRequest) throws -> String {
        guard let secret = request.bearer, !secret.isEmpty, secret.utf8.count <= 256 else {
            throw RelayRequestError(401, "\(request.path) needs the device's stream secret as 'Authorization: Bearer SECRET'")
        }
        guard let key = try registrations.tokenKey(forSecret: SecretDigest.key(secret)) else {
            throw RelayRequestError(401, "the stream secret is not one this relay issued")
        }
        return key
    }
}
