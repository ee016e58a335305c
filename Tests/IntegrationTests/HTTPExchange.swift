import Foundation
import FoundationNetworking
#if canImport(FoundationNetworking)
#endif

/// One HTTP request to the test server and its answer, for checking the server as a client sees it.
struct HTTPExchange {
    let status: Int
    let body: Data

    static func send(
        _ method: String, _ url: URL, token: String? = nil, json: [String: Any]? = nil, form: String? = nil
    ) async throws -> HTTPExchange {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        } else if let form {
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(form.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return HTTPExchange(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw HTTPExchangeError(message: "expected a JSON object, got \(String(decoding: body, as: UTF8.self))")
        }
        return object
    }
}
