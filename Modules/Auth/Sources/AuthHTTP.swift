import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HAModels
import Networking

/// The unauthenticated HTTP calls of Home Assistant's auth API: JSON or form bodies in,
/// status and JSON out, with a size limit on what is read.
struct AuthHTTP: Sendable {
    /// The largest answer read; auth answers are a few hundred bytes.
    static let maximumResponseSize = 64 << 10

    let address: ServerAddress
    let session: URLSession

    /// The status and parsed body of one request; a body that is not JSON is `.null`.
    func send(_ method: String, _ path: String, json: JSONValue? = nil, form: [(String, String)]? = nil) async throws -> (Int, JSONValue) {
        var request = URLRequest(url: address.url(path: path))
        request.httpMethod = method
        request.timeoutInterval = 30
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(try JSONSerializer.data(json))
        } else if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(FormEncoding.encode(form).utf8)
        }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw AuthError.transport(error.localizedDescription)
        }
        guard data.count <= Self.maximumResponseSize else {
            throw AuthError.invalidResponse("the answer exceeds \(Self.maximumResponseSize) bytes")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, (try? JSONParser.parse([UInt8](data))) ?? .null)
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
