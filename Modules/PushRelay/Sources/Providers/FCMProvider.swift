import Essentials
import Foundation

/// Firebase Cloud Messaging, HTTP v1: an OAuth access token from the service account's RS256
/// JWT (the JWT-bearer grant, renewed before its hour is up), then
/// `POST /v1/projects/<id>/messages:send` with a data message.
public final class FCMProvider: PushProvider, @unchecked Sendable {
    /// The provider's id in routes and metrics.
    public let id = "fcm"
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"

    private let configuration: FCMConfiguration
    private let signer: JWTSigner
    private let client: HTTP2Client
    // Guarded by `lock`.
    private var accessToken: (token: String, expires: Date)?
    private let lock = NSLock()

    /// A provider signing with the service account in `configuration`; throws when its key cannot be read.
    public init(configuration: FCMConfiguration) throws {
        signer = try JWTSigner(pem: configuration.privateKey, algorithm: .rs256)
        self.configuration = configuration
        client = HTTP2Client(caFile: configuration.caFile)
    }

    /// Sends `payload` to the registration token `token`, valid until `expiresAt`; throws a `RelayRequestError` with Google's reason on refusal.
    public func send(_ payload: JSONValue, to token: String, expiresAt: Date) throws {
        guard !token.isEmpty, token.count <= 4096 else { throw RelayRequestError(400, "the FCM registration token is empty or too long") }
        let fields = payload.objectValue ?? [:]
        var android: [String: JSONValue] = [
            "priority": .string("high"), "ttl": .string("\(max(0, Int(expiresAt.timeIntervalSince(Current.now()))))s"),
        ]
        if case .string(let tag)? = fields["collapse_id"] { android["collapse_key"] = .string(tag) }
        let message: JSONValue = .object(["message": .object(["token": .string(token), "data": .object(Self.data(fields)), "android": .object(android)])])
        let response = try client.post(
            "\(configuration.endpoint)/v1/projects/\(configuration.projectID)/messages:send",
            headers: ["authorization": "Bearer \(try oauthToken())", "content-type": "application/json"],
            body: try JSONSerializer.data(message)
        )
        guard response.status == 200 else {
            var reason = String(decoding: response.body.prefix(200), as: UTF8.self)
            if case .string(let text)? = (try? JSONParser.parse(response.body))?.objectValue?["error"]?.objectValue?["message"] { reason = text }
            throw RelayRequestError(502, "FCM refused the notification (\(response.status)): \(reason)")
        }
    }

    /// FCM data values are strings: the payload's keys as the Android app reads them.
    static func data(_ fields: [String: JSONValue]) -> [String: JSONValue] {
        let names = ["body": "message", "collapse_id": "tag", "thread_id": "group", "url": "clickAction", "command": "message"]
        var data: [String: JSONValue] = [:]
        for (key, value) in fields where key != "data" {
            let name = names[key] ?? key
            if case .string(let text) = value { data[name] = .string(text) } else { data[name] = .string((try? JSONSerializer.string(value)) ?? "") }
        }
        for (key, value) in fields["data"]?.objectValue ?? [:] where data[key] == nil {
            if case .string(let text) = value { data[key] = .string(text) } else { data[key] = .string((try? JSONSerializer.string(value)) ?? "") }
        }
        return data
    }

    private func oauthToken() throws -> String {
        try lock.withLock {
            let date = Current.now()
            if let cached = accessToken, cached.expires.timeIntervalSince(date) > 300 { return cached.token }
            let issued = Int64(date.timeIntervalSince1970)
            let assertion = try signer.token(header: [:], claims: [
                "iss": .string(configuration.clientEmail), "scope": .string(Self.scope), "aud": .string(configuration.tokenURI),
                "iat": .integer(issued), "exp": .integer(issued + 3600),
            ])
            let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
            let response = try client.post(configuration.tokenURI, headers: ["content-type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
            let answer = (try? JSONParser.parse(response.body))?.objectValue ?? [:]
            guard response.status == 200, case .string(let token)? = answer["access_token"] else {
                throw RelayRequestError(502, "the FCM token endpoint refused the service account (\(response.status))")
            }
            var lifetime = 3600.0
            if case .integer(let seconds)? = answer["expires_in"] { lifetime = Double(seconds) }
            accessToken = (token, date.addingTimeInterval(lifetime))
            return token
        }
    }
}
