import Essentials
import FoundationEssentials
import Networking
import Transport

/// The unauthenticated HTTP calls of Home Assistant's auth API: JSON or form bodies in,
/// status and JSON out, with a size limit on what is read.
struct AuthHTTP: Sendable {
    /// The largest answer read; auth answers are a few hundred bytes.
    static let maximumResponseSize = 64 << 10

    let address: ServerAddress
    let http: HTTPClient

    /// The status and parsed body of one request; a body that is not JSON is `.null`.
    func send(_ method: String, _ path: String, json: JSONValue? = nil, form: [(String, String)]? = nil) async throws -> (Int, JSONValue) {
        let url = address.url(path: path)
        var request = HTTPRequest(method, url)
        if let json {
            request = HTTPRequest(method, url, json: try JSONSerializer.data(json))
        } else if let form {
            request = HTTPRequest(method, url, headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array(FormEncoding.encode(form).utf8))
        }
        let response: HTTPResponse
        do {
            response = try await http.send(request, maximumBodySize: Self.maximumResponseSize)
        } catch let error where error.kind == .tooLarge {
            throw AuthError.invalidResponse("the answer exceeds \(Self.maximumResponseSize) bytes")
        } catch {
            throw AuthError.transport(error.message)
        }
        return (response.status, (try? JSONParser.parse(response.body)) ?? .null)
    }

    /// The server's `message` or `error_description`/`error` from an error body.
    static func message(in body: JSONValue) -> String {
        let object = body.objectValue ?? [:]
        for key in ["message", "error_description", "error"] {
            if case .string(let text)? = object[key] { return text }
        }
        return "no explanation given"
    }
}
