import Foundation
import Networking
import XCTest

/// The real Home Assistant tools/ha-server runs is what later modules are tested against:
/// the pinned version, the integrations the issue names, a user who can sign in, and the demo.
final class HomeAssistantServerTests: XCTestCase {
    func testAPIAnswersOnlyWithAToken() async throws {
        let server = try IntegrationEnvironment.require()
        let address = try ServerAddress(server.url)
        let anonymous = try await HTTPExchange.send("GET", address.url(path: "/api/"))
        XCTAssertEqual(anonymous.status, 401)
        let authorized = try await HTTPExchange.send("GET", address.url(path: "/api/"), token: server.token)
        XCTAssertEqual(authorized.status, 200)
        XCTAssertEqual(try authorized.object()["message"] as? String, "API running.")
    }

    func testRunsThePinnedVersionWithTheConfiguredIntegrations() async throws {
        let server = try IntegrationEnvironment.require()
        let config = try await HTTPExchange.send("GET", ServerAddress(server.url).url(path: "/api/config"), token: server.token).object()
        XCTAssertEqual(config["version"] as? String, "2024.3.3")
        XCTAssertEqual(config["state"] as? String, "RUNNING")
        let components = Set(config["components"] as? [String] ?? [])
        for integration in ["api", "websocket_api", "mobile_app", "config", "thread", "demo", "logger", "frontend"] {
            XCTAssertTrue(components.contains(integration), "\(integration) is not loaded")
        }
    }

    func testTheDemoProvidesAboutAHundredEntities() async throws {
        let server = try IntegrationEnvironment.require()
        let exchange = try await HTTPExchange.send("GET", ServerAddress(server.url).url(path: "/api/states"), token: server.token)
        let states = try JSONSerialization.jsonObject(with: exchange.body) as? [[String: Any]] ?? []
        XCTAssertGreaterThanOrEqual(states.count, 90)
        XCTAssertTrue(states.contains { ($0["entity_id"] as? String)?.hasPrefix("light.") == true })
    }

    func testTheUserSignsInThroughTheLoginFlowWithoutOnboarding() async throws {
        let server = try IntegrationEnvironment.require()
        let address = try ServerAddress(server.url)
        let clientID = address.url(path: "/").absoluteString
        let flow = try await HTTPExchange.send("POST", address.url(path: "/auth/login_flow"), json: [
            "client_id": clientID, "handler": ["homeassistant", NSNull()], "redirect_uri": clientID,
        ]).object()
        XCTAssertEqual(flow["step_id"] as? String, "init")
        let flowID = try XCTUnwrap(flow["flow_id"] as? String)
        let wrong = try await HTTPExchange.send("POST", address.url(path: "/auth/login_flow/\(flowID)"), json: [
            "username": server.username, "password": "not-the-password", "client_id": clientID,
        ]).object()
        XCTAssertEqual((wrong["errors"] as? [String: String])?["base"], "invalid_auth")
        let result = try await HTTPExchange.send("POST", address.url(path: "/auth/login_flow/\(flowID)"), json: [
            "username": server.username, "password": server.password, "client_id": clientID,
        ]).object()
        XCTAssertEqual(result["type"] as? String, "create_entry")
        let code = try XCTUnwrap(result["result"] as? String)
        let tokens = try await HTTPExchange.send(
            "POST", address.url(path: "/auth/token"),
            form: "grant_type=authorization_code&code=\(code)&client_id=\(clientID.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        ).object()
        XCTAssertEqual(tokens["token_type"] as? String, "Bearer")
        XCTAssertNotNil(tokens["refresh_token"] as? String)
    }
}
