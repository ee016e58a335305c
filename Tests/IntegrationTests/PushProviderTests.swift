import Foundation
import PushRelay
import XCTest

/// The APNs and FCM providers against a local HTTP/2 stand-in (Apple and Google are unreachable
/// here): headers, bodies, and provider tokens whose signatures the stand-in verifies.
final class PushProviderTests: XCTestCase {
    private static let teamID = "TEAM123456", keyID = "KEY1234567"
    private var peer: ProviderPeer?
    private var server: RelayServer?

    /// Stops the relay and the stand-in outside the async test (waiting for a process there can hang).
    override func tearDown() {
        server?.stop()
        peer?.stop()
    }

    private func start() throws -> (ProviderPeer, URL) {
        let peer = try ProviderPeer()
        self.peer = peer
        let (server, url) = try relay(peer)
        self.server = server
        return (peer, url)
    }

    private func relay(_ peer: ProviderPeer) throws -> (RelayServer, URL) {
        let folder = peer.folder.appendingPathComponent("relay")
        let manifest = peer.folder.appendingPathComponent("providers.json")
        let endpoint = "https://localhost:\(peer.port)"
        try JSONSerialization.data(withJSONObject: ["providers": [
            ["id": "apns", "appIDs": ["io.robbie.HomeAssistant"], "configuration": [
                "keyFile": peer.apnsKey.path, "keyID": Self.keyID, "teamID": Self.teamID, "topic": "io.robbie.HomeAssistant",
                "endpoint": endpoint, "caFile": peer.certificate.path,
            ]],
            ["id": "fcm", "appIDs": ["io.homeassistant.companion.android"], "configuration": [
                "serviceAccountFile": peer.serviceAccount.path, "endpoint": endpoint, "caFile": peer.certificate.path,
            ]],
            ["id": "stream", "appIDs": ["*"]],
        ]]).write(to: manifest)
        var configuration = RelayConfiguration(dataFolder: folder)
        configuration.http.port = 0
        configuration.providerManifest = manifest
        let server = try RelayServer(configuration: configuration)
        return (server, URL(string: "http://127.0.0.1:\(server.port)/push/send")!)
    }

    private static func push(app: String, token: String, message: String, data: [String: Any] = [:]) -> [String: Any] {
        ["push_token": token, "registration_info": ["app_id": app, "app_version": "2024.3"], "message": message, "title": "Title", "data": data]
    }

    func testAPNsGetsSignedHTTP2RequestsWithApplesHeaders() async throws {
        let (peer, url) = try start()
        let token = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"
        let alert = try await HTTPExchange.send("POST", url, json: Self.push(
            app: "io.robbie.HomeAssistant", token: token, message: "Door open", data: ["tag": "door", "group": "doors", "image": "/local/door.jpg"]
        ))
        XCTAssertEqual(alert.status, 201, String(decoding: alert.body, as: UTF8.self))
        let command = try await HTTPExchange.send("POST", url, json: Self.push(app: "io.robbie.HomeAssistant", token: token, message: "request_location_update"))
        XCTAssertEqual(command.status, 201)
        let refused = try await HTTPExchange.send("POST", url, json: Self.push(app: "io.robbie.HomeAssistant", token: "not-hex", message: "x"))
        XCTAssertEqual(refused.status, 400, "a device token that is not hex is refused before APNs")
        let records = peer.requests(atLeast: 2)
        XCTAssertEqual(records.count, 2)
        let first = try XCTUnwrap(records.first), headers = try XCTUnwrap(first["headers"] as? [String: String])
        XCTAssertEqual(first["path"] as? String, "/3/device/\(token)")
        XCTAssertEqual(headers["apns-topic"], "io.robbie.HomeAssistant")
        XCTAssertEqual(headers["apns-push-type"], "alert")
        XCTAssertEqual(headers["apns-priority"], "10")
        XCTAssertEqual(headers["apns-collapse-id"], "door")
        let expiration = try XCTUnwrap(Double(headers["apns-expiration"] ?? ""))
        XCTAssertGreaterThan(expiration, Date().timeIntervalSince1970 + 3600)
        let jwt = try XCTUnwrap(first["jwt"] as? [String: Any])
        XCTAssertNil(jwt["error"], "the provider token verified with the key's public half: \(jwt)")
        XCTAssertEqual((jwt["header"] as? [String: Any])?["kid"] as? String, Self.keyID)
        XCTAssertEqual((jwt["header"] as? [String: Any])?["alg"] as? String, "ES256")
        XCTAssertEqual((jwt["claims"] as? [String: Any])?["iss"] as? String, Self.teamID)
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((first["body"] as? String ?? "").utf8)) as? [String: Any])
        let aps = try XCTUnwrap(body["aps"] as? [String: Any])
        XCTAssertEqual((aps["alert"] as? [String: Any])?["body"] as? String, "Door open")
        XCTAssertEqual(aps["thread-id"] as? String, "doors")
        XCTAssertEqual(aps["mutable-content"] as? Int, 1)
        XCTAssertEqual((body["attachment"] as? [String: Any])?["url"] as? String, "/local/door.jpg")
        let background = try XCTUnwrap(records.last?["headers"] as? [String: String])
        XCTAssertEqual(background["apns-push-type"], "background")
        XCTAssertEqual(background["apns-priority"], "5")
        XCTAssertEqual(records.last?["body"] as? String, #"{"aps":{"content-available":1},"homeassistant":{"command":"request_location_update"}}"#)
    }

    func testAnAPNsRefusalIsCountedAndExplained() async throws {
        let (_, url) = try start()
        // The stand-in refuses a device token ending in "bad" as Apple refuses an unknown one.
        let refused = try await HTTPExchange.send("POST", url, json: Self.push(app: "io.robbie.HomeAssistant", token: "0bad", message: "x"))
        XCTAssertEqual(refused.status, 502)
        let answer = try refused.object()
        XCTAssertEqual(answer["message"] as? String, "APNs refused the notification (400): BadDeviceToken")
        XCTAssertEqual((answer["rateLimits"] as? [String: Any])?["errors"] as? Int, 1, "a failed delivery counts")
    }

    func testFCMGetsAnOAuthTokenFromTheServiceAccountThenTheMessage() async throws {
        let (peer, url) = try start()
        for message in ["First", "Second"] {
            let sent = try await HTTPExchange.send("POST", url, json: Self.push(
                app: "io.homeassistant.companion.android", token: "fcm-registration-token", message: message, data: ["tag": "t1", "sticky": true]
            ))
            XCTAssertEqual(sent.status, 201, String(decoding: sent.body, as: UTF8.self))
        }
        let records = peer.requests(atLeast: 3)
        XCTAssertEqual(records.map { $0["path"] as? String }, ["/token", "/v1/projects/home-companion-test/messages:send", "/v1/projects/home-companion-test/messages:send"],
                       "one OAuth token serves both messages")
        let jwt = try XCTUnwrap(records.first?["jwt"] as? [String: Any])
        XCTAssertNil(jwt["error"], "the assertion verified with the service account's public key: \(jwt)")
        let claims = try XCTUnwrap(jwt["claims"] as? [String: Any])
        XCTAssertEqual(claims["iss"] as? String, "relay@home-companion-test.iam.example")
        XCTAssertEqual(claims["scope"] as? String, "https://www.googleapis.com/auth/firebase.messaging")
        XCTAssertEqual(claims["aud"] as? String, "https://localhost:\(peer.port)/token")
        let send = try XCTUnwrap(records[1]["headers"] as? [String: String])
        XCTAssertEqual(send["authorization"], "Bearer fcm-access-token")
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data((records[1]["body"] as? String ?? "").utf8)) as? [String: Any])
        let message = try XCTUnwrap(body["message"] as? [String: Any])
        XCTAssertEqual(message["token"] as? String, "fcm-registration-token")
        XCTAssertEqual(message["data"] as? [String: String], ["type": "notification", "message": "First", "title": "Title", "tag": "t1", "sticky": "true"])
        XCTAssertEqual((message["android"] as? [String: Any])?["collapse_key"] as? String, "t1")
    }
}
