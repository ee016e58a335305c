import Essentials
import FoundationEssentials
import HAModels
import Transport

/// Home Assistant's REST API: `/api/`, config, states, services, templates and events.
public struct RESTClient: Sendable {
    /// The largest answer read, so a misbehaving server cannot exhaust memory.
    public static let maximumResponseSize = 32 << 20

    public let address: ServerAddress
    private let tokenProvider: any TokenProvider
    private let http: HTTPClient

    /// Creates a client; TLS verification is always on.
    public init(address: ServerAddress, tokenProvider: any TokenProvider, http: HTTPClient = HTTPClient()) {
        self.address = address
        self.tokenProvider = tokenProvider
        self.http = http
    }

    /// `GET /api/`: the API's message when the token works.
    public func apiStatus() async throws -> String {
        let value = try await request("GET", "/api/")
        guard case .string(let message)? = value.objectValue?["message"] else { throw RESTError.invalidResponse("no message") }
        return message
    }

    /// `GET /api/config`.
    public func config() async throws -> HAConfig { try await decode(HAConfig.self, request("GET", "/api/config")) }

    /// `GET /api/states`.
    public func states() async throws -> [EntityState] { try await decode([EntityState].self, request("GET", "/api/states")) }

    /// `GET /api/states/<id>`.
    public func state(of entityID: String) async throws -> EntityState {
        try await decode(EntityState.self, request("GET", "/api/states/\(try Self.pathComponent(entityID))"))
    }

    /// `POST /api/states/<id>`: sets a state in the state machine (not on the device).
    @discardableResult
    public func setState(_ entityID: String, state: String, attributes: [String: JSONValue] = [:]) async throws -> EntityState {
        let body: JSONValue = .object(["state": .string(state), "attributes": .object(attributes)])
        return try await decode(EntityState.self, request("POST", "/api/states/\(try Self.pathComponent(entityID))", body: body))
    }

    /// `GET /api/services`: the names of each domain's services.
    public func services() async throws -> [String: Set<String>] {
        guard case .array(let domains) = try await request("GET", "/api/services") else {
            throw RESTError.invalidResponse("the service list is not a list")
        }
        var result: [String: Set<String>] = [:]
        for entry in domains {
            guard case .string(let domain)? = entry.objectValue?["domain"], let services = entry.objectValue?["services"]?.objectValue else {
                throw RESTError.invalidResponse("a service list entry without domain or services")
            }
            result[domain] = Set(services.keys)
        }
        return result
    }

    /// `POST /api/services/<domain>/<service>`: returns the states that changed.
    @discardableResult
    public func callService(_ domain: String, _ service: String, data: [String: JSONValue] = [:]) async throws -> [EntityState] {
        let path = "/api/services/\(try Self.pathComponent(domain))/\(try Self.pathComponent(service))"
        return try await decode([EntityState].self, request("POST", path, body: .object(data)))
    }

    /// `POST /api/template`: the rendered text.
    public func renderTemplate(_ template: String) async throws -> String {
        let data = try await rawRequest("POST", "/api/template", body: .object(["template": .string(template)]))
        return String(decoding: data, as: UTF8.self)
    }

    /// `POST` of a JSON body to another API path (such as `/api/mobile_app/registrations`); the answer's JSON.
    public func post(_ path: String, body: JSONValue) async throws -> JSONValue {
        try await request("POST", path, body: body)
    }

    /// `DELETE` of another API path (such as a config flow the caller gives up).
    public func delete(_ path: String) async throws {
        _ = try await rawRequest("DELETE", path, json: nil)
    }

    /// `GET /api/config/automation/config/<id>`: an automation's configuration as the server
    /// wrote it, byte for byte (so saving it back unchanged changes nothing).
    public func automationConfig(_ id: String) async throws -> [UInt8] {
        try await rawRequest("GET", "/api/config/automation/config/\(try Self.pathComponent(id))", json: nil)
    }

    /// `POST /api/config/automation/config/<id>`: creates or replaces an automation with the
    /// configuration in `json`, which the server checks (a 400 says what is wrong) and reloads.
    public func saveAutomationConfig(_ id: String, json: [UInt8]) async throws {
        _ = try Self.parse(try await rawRequest("POST", "/api/config/automation/config/\(try Self.pathComponent(id))", json: json))
    }

    /// `DELETE /api/config/automation/config/<id>`.
    public func deleteAutomationConfig(_ id: String) async throws {
        _ = try await rawRequest("DELETE", "/api/config/automation/config/\(try Self.pathComponent(id))", json: nil)
    }

    /// `POST /api/events/<type>`: fires an event.
    public func fireEvent(_ type: String, data: [String: JSONValue] = [:]) async throws {
        _ = try await request("POST", "/api/events/\(try Self.pathComponent(type))", body: .object(data))
    }

    private func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue) throws -> T {
        do {
            return try JSONValueDecoder().decode(type, from: value)
        } catch {
            throw RESTError.invalidResponse("\(error)")
        }
    }

    private func request(_ method: String, _ path: String, body: JSONValue? = nil) async throws -> JSONValue {
        let data = try await rawRequest(method, path, body: body)
        return try Self.parse(data)
    }

    private static func parse(_ data: [UInt8]) throws -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw RESTError.invalidResponse("\(error)")
        }
    }

    private func rawRequest(_ method: String, _ path: String, body: JSONValue?) async throws -> [UInt8] {
        try await rawRequest(method, path, json: try body.map { try JSONSerializer.data($0) })
    }

    /// Sends the request; on a 401 asks the token provider for a fresh token and, when it gives
    /// another one, tries once more.
    private func rawRequest(_ method: String, _ path: String, json: [UInt8]?) async throws -> [UInt8] {
        let token = try await tokenProvider.accessToken(forceRefresh: false)
        do {
            return try await rawRequest(method, path, json: json, token: token)
        } catch RESTError.unauthorized {
            let refreshed = try await tokenProvider.accessToken(forceRefresh: true)
            guard refreshed != token else { throw RESTError.unauthorized }
            return try await rawRequest(method, path, json: json, token: refreshed)
        }
    }

    private func rawRequest(_ method: String, _ path: String, json: [UInt8]?, token: String) async throws -> [UInt8] {
        let url = address.url(path: path), headers = [(name: "Authorization", value: "Bearer \(token)")]
        let request = json.map { HTTPRequest(method, url, json: $0, headers: headers) } ?? HTTPRequest(method, url, headers: headers)
        let response: HTTPResponse
        do {
            response = try await http.send(request, maximumBodySize: Self.maximumResponseSize)
        } catch let error where error.kind == .tooLarge {
            throw RESTError.tooLarge(Self.maximumResponseSize)
        } catch {
            throw RESTError.transport(error.message)
        }
        switch response.status {
        case 200..<300: return response.body
        case 400: throw RESTError.badRequest(Self.message(in: response.body) ?? response.bodyText())
        case 401: throw RESTError.unauthorized
        case 404: throw RESTError.notFound(path)
        default: throw RESTError.status(response.status, response.bodyText())
        }
    }

    private static func message(in data: [UInt8]) -> String? {
        guard case .string(let message)? = (try? JSONParser.parse(data))?.objectValue?["message"] else { return nil }
        return message
    }

    /// `text` as one path segment: ids, domains and event types never contain `/`.
    private static func pathComponent(_ text: String) throws -> String {
        guard !text.isEmpty, !text.contains("/") else {
            throw RESTError.badRequest("'\(text)' is not a valid id")
        }
        return PercentEncoding.encode(text, keeping: PercentEncoding.isPathAllowed)
    }
}
