import Foundation
import Networking
import XCTest

/// The REST client against the real Home Assistant.
final class RESTClientTests: XCTestCase {
    private func client() throws -> RESTClient {
        let server = try IntegrationEnvironment.require()
        return RESTClient(address: try ServerAddress(server.url), tokenProvider: StaticTokenProvider(server.token))
    }

    func testStatusConfigAndTemplates() async throws {
        let rest = try client()
        let status = try await rest.apiStatus()
        XCTAssertEqual(status, "API running.")
        let config = try await rest.config()
        XCTAssertEqual(config.version, "2024.3.3")
        let rendered = try await rest.renderTemplate("{{ 6 * 7 }} {{ states('sun.sun') != 'unknown' }}")
        XCTAssertEqual(rendered, "42 True")
    }

    func testSetStateReadItBackAndFireAnEvent() async throws {
        let rest = try client()
        let written = try await rest.setState("sensor.rest_probe", state: "12.5", attributes: ["ratio": .double(1.0), "n": .integer(3)])
        XCTAssertEqual(written.attributes["ratio"], .double(1.0), "a double stays a double through Home Assistant and back")
        let read = try await rest.state(of: "sensor.rest_probe")
        XCTAssertEqual(read, written)
        let all = try await rest.states()
        XCTAssertTrue(all.contains { $0.entityID == "sensor.rest_probe" })
        try await rest.fireEvent("homecompanion_rest_probe", data: ["n": .integer(1)])
    }

    func testBadRequestsAreClearErrors() async throws {
        let rest = try client()
        do {
            _ = try await rest.callService("light", "turn_on", data: ["brightness": .string("very bright")])
            XCTFail("an invalid service call succeeded")
        } catch RESTError.badRequest(let message) {
            XCTAssertFalse(message.isEmpty)
        }
        do {
            _ = try await rest.state(of: "not/an/id")
            XCTFail("an id with slashes was sent")
        } catch RESTError.badRequest(let message) {
            XCTAssertTrue(message.contains("not a valid id"), message)
        }
    }
}
