import Foundation
import FoundationNetworking
import PushRelay
#if canImport(FoundationNetworking)
#endif

/// A relay on a free loopback port with its own SQLite file, and a small client for it.
final class RelayTestServer: @unchecked Sendable {
    let folder: URL
    let server: RelayServer
    var port: Int { server.port }

    /// A relay on a new folder, or on `folder` to reopen what an earlier relay stored.
    init(folder: URL? = nil, dailyLimit: Int = 1000, timeout: Int = 10, keepAlive: Double = 15,
         configure: (inout RelayConfiguration) -> Void = { _ in }) throws {
        self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        let folder = self.folder
        var configuration = RelayConfiguration(dataFolder: folder)
        configuration.http.port = 0
        configuration.http.connectionTimeout = timeout
        configuration.dailyLimit = dailyLimit
        configuration.keepAliveInterval = keepAlive
        configure(&configuration)
        server = try RelayServer(configuration: configuration)
    }

    func stop() {
        stopKeepingFiles()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops the relay and leaves its files for another to open.
    func stopKeepingFiles() {
        server.stop()
    }

    /// One request; the status and the body as a JSON object (or text under "text").
    func request(_ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? ["text": String(decoding: data, as: UTF8.self)]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
    }

    /// Registers a device; its push token and stream secret.
    func register(key: String? = nil) async throws -> (token: String, secret: String) {
        let (status, body) = try await request("POST", "/push/register", body: "{}", headers: key.map { ["Authorization": "Bearer \($0)"] } ?? [:])
        guard status == 201, let token = body["push_token"] as? String, let secret = body["stream_secret"] as? String else {
            throw URLError(.badServerResponse, userInfo: ["answer": "\(status) \(body)"])
        }
        return (token, secret)
    }

    static func push(token: String, message: String, appID: String = "io.homecompanion.linux") -> String {
        #"{"push_token":"\#(token)","registration_info":{"app_id":"\#(appID)","app_version":"1.0","os_version":"12"},"message":"\#(message)"}"#
    }
}
