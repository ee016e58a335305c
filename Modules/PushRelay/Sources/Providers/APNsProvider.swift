import Essentials
import Foundation

/// Apple Push Notification service: HTTP/2 to `/3/device/<token>` with an ES256 provider token
/// (renewed every 50 minutes; Apple accepts one for an hour) and the `apns-*` headers.
public final class APNsProvider: PushProvider, @unchecked Sendable {
    /// The provider's id in routes and metrics.
    public let id = "apns"
    /// How long a provider token is used before a new one is signed.
    static let tokenLifetime: Double = 50 * 60

    private let configuration: APNsConfiguration
    private let signer: JWTSigner
    private let client: HTTP2Client
    // Guarded by `lock`.
    private var cachedToken: (token: String, issued: Date)?
    private let lock = NSLock()

    /// A provider signing with the key `configuration` names; throws when the key cannot be read.
    public init(configuration: APNsConfiguration) throws {
        let pem: String
        do {
            pem = try String(contentsOfFile: configuration.keyFile, encoding: .utf8)
        } catch {
            throw RelayConfigurationError("the APNs key \(configuration.keyFile) cannot be read: \(error.localizedDescription)")
        }
        signer = try JWTSigner(pem: pem, algorithm: .es256)
        self.configuration = configuration
        client = HTTP2Client(caFile: configuration.caFile)
    }

    /// Sends `payload` to the device token `token`, valid until `expiresAt`; throws a `RelayRequestError` with Apple's reason on refusal.
    public func send(_ payload: JSONValue, to token: String, expiresAt: Date) throws {
        guard !token.isEmpty, token.count <= 200, token.allSatisfy(\.isHexDigit) else {
            throw RelayRequestError(400, "an APNs device token is hexadecimal")
        }
        let request = try APNsRequest(payload)
        var headers = [
            "authorization": "bearer \(try providerToken())", "apns-topic": configuration.topic,
            "apns-push-type": request.pushType, "apns-priority": String(request.priority),
            "apns-expiration": String(Int(expiresAt.timeIntervalSince1970)), "content-type": "application/json",
        ]
        if let collapse = request.collapseID { headers["apns-collapse-id"] = collapse }
        let response = try client.post("\(configuration.endpoint)/3/device/\(token)", headers: headers, body: try JSONSerializer.data(request.body))
        guard response.status == 200 else {
            var reason = String(decoding: response.body.prefix(200), as: UTF8.self)
            if case .string(let text)? = (try? JSONParser.parse(response.body))?.objectValue?["reason"] { reason = text }
            throw RelayRequestError(502, "APNs refused the notification (\(response.status)): \(reason)")
        }
    }

    private func providerToken() throws -> String {
        try lock.withLock {
            let date = Current.now()
            if let cached = cachedToken, date.timeIntervalSince(cached.issued) < Self.tokenLifetime { return cached.token }
            let token = try signer.token(
                header: ["kid": .string(configuration.keyID)],
                claims: ["iss": .string(configuration.teamID), "iat": .integer(Int64(date.timeIntervalSince1970))]
            )
            cachedToken = (token, date)
            return token
        }
    }
}
