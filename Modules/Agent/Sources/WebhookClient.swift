import Essentials
import FoundationEssentials
import HAModels
import Networking
import Transport

/// The mobile_app webhook of one registration: every request sealed when the server gave a
/// secret, sealed answers opened. The URL is the cloudhook when there is one, then the remote UI,
/// then the server's own `/api/webhook/<id>`.
public struct WebhookClient: Sendable {
    /// The largest answer read.
    static let maximumResponseSize = 8 << 20

    public let url: URL
    private let cipher: WebhookCipher?
    private let viaCloudhook: Bool
    private let http: HTTPClient

    public init(server: ServerAddress, registration: MobileAppRegistrationResponse, http: HTTPClient = HTTPClient()) throws {
        let path = "/api/webhook/\(registration.webhookID)"
        if let cloudhook = registration.cloudhookURL.flatMap(URL.init(string:)) {
            url = cloudhook
            viaCloudhook = true
        } else if let remote = registration.remoteUIURL.flatMap({ URL(string: $0 + path) }) {
            url = remote
            viaCloudhook = false
        } else {
            url = server.url(path: path)
            viaCloudhook = false
        }
        cipher = try registration.secret.map { try WebhookCipher(secret: $0) }
        self.http = http
    }

    /// Sends `type` with `data`; the answer's JSON, or nil for an empty answer (which to some
    /// calls means the integration was deleted).
    public func send(_ type: String, _ data: JSONValue = .object([:])) async throws -> JSONValue? {
        var body: [String: JSONValue] = ["type": .string(type)]
        if let cipher {
            body["encrypted"] = .bool(true)
            body["encrypted_data"] = .string(try cipher.seal(data))
        } else {
            body["data"] = data
        }
        let request = HTTPRequest("POST", url, json: try JSONSerializer.data(.object(body)))
        let response: HTTPResponse
        do {
            response = try await http.send(request, maximumBodySize: Self.maximumResponseSize)
        } catch let error where error.kind == .tooLarge {
            throw WebhookError.invalidResponse("larger than \(Self.maximumResponseSize) bytes")
        } catch {
            throw WebhookError.transport(error.message)
        }
        switch response.status {
        case 200..<300: break
        case 410: throw WebhookError.gone
        case 404 where viaCloudhook: throw WebhookError.cloudhookNotFound
        // Home Assistant answers an unknown webhook with an empty 200, so a 404 means no webhook
        // endpoint at all: a server still starting. A proxy in front says the same with 502-504.
        case 404, 502, 503, 504: throw WebhookError.transport("the server answered \(response.status): it is starting or restarting")
        default: throw WebhookError.status(response.status, response.bodyText(limit: 200))
        }
        let answer = response.body
        guard !answer.isEmpty else { return nil }
        let value: JSONValue
        do {
            value = try JSONParser.parse(answer)
        } catch {
            throw WebhookError.invalidResponse("\(error)")
        }
        guard case .bool(true)? = value.objectValue?["encrypted"], case .string(let sealed)? = value.objectValue?["encrypted_data"] else {
            return value
        }
        guard let cipher else { throw WebhookError.invalidResponse("an encrypted answer to a registration without a secret") }
        return try cipher.open(sealed)
    }
}
