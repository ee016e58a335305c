import Agent
import Auth
import Foundation
import HAModels
import CLIKit
import CLIKitTestSupport
import HomeAPI
import HomeCLI
import XCTest

/// Registering as a mobile_app device of the real Home Assistant, and encrypted webhooks that
/// its PyNaCl opens and answers.
final class AgentRegistrationTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    func testRegisterSealedWebhooksUpdateAndRegisterAgainAfterDeletion() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await Home.signIn(to: server.url, using: .password(PasswordAnswers(username: server.username, password: server.password)))
        let name = "agent-test-\(UUID().uuidString.prefix(6).lowercased())"
        let device = DeviceInfo(deviceID: "id-\(name)", deviceName: name, manufacturer: "HomeCompanion", model: "Test", osName: "Debian GNU/Linux", osVersion: "12")
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: name, server: server) }

        let (registration, outcome) = try await MobileAppRegistrar(home: home, appVersion: "0.1.0", device: device).ensureRegistered()
        XCTAssertEqual(outcome, .registered)
        XCTAssertNotNil(registration.response.secret, "the server gave a secret: webhooks are sealed")
        let file = home.folders.data.appendingPathComponent("registration.json")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)

        let webhook = try WebhookClient(server: home.server, registration: registration.response)
        let config = try await webhook.send("get_config")
        XCTAssertEqual(config?.objectValue?["version"], .string("2024.3.3"), "Home Assistant opened the sealed request and sealed its answer")
        let rendered = try await webhook.send("render_template", .object(["answer": .object(["template": .string("{{ 6 * 7 }}")])]))
        XCTAssertEqual(rendered?.objectValue?["answer"], .integer(42))

        let (_, again) = try await MobileAppRegistrar(home: home, appVersion: "0.1.0", device: device).ensureRegistered()
        XCTAssertEqual(again, .unchanged)
        let (_, updated) = try await MobileAppRegistrar(home: home, appVersion: "0.2.0", device: device).ensureRegistered()
        XCTAssertEqual(updated, .updated)

        try await PushRelayEndToEndTests.removeEntry(titled: name, server: server)
        let (renewed, recovered) = try await MobileAppRegistrar(home: home, appVersion: "0.3.0", device: device).ensureRegistered()
        XCTAssertEqual(recovered, .registeredAgain)
        XCTAssertNotEqual(renewed.response.webhookID, registration.response.webhookID)
        let renewedConfig = try await WebhookClient(server: home.server, registration: renewed.response).send("get_config")
        XCTAssertEqual(renewedConfig?.objectValue?["version"], .string("2024.3.3"))
    }

    func testHomeAgentRegisterAndConfig() async throws {
        let server = try IntegrationEnvironment.require()
        func home(_ arguments: String..., input: [String] = []) async -> (ExitCode, String) {
            let recorder = ConsoleRecorder(input: input)
            let code = await HomeApp.run(arguments, console: recorder.console())
            return (code, recorder.out + recorder.error)
        }
        let (login, loginOutput) = await home("login", server.url, "--username", server.username, "--password-stdin", input: [server.password])
        XCTAssertEqual(login, .success, loginOutput)
        let device = DeviceInfo.read(appID: MobileAppRegistrar.appID)
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device.deviceName, server: server) }
        let (registered, first) = await home("agent", "register")
        XCTAssertEqual(registered, .success, first)
        XCTAssertTrue(first.contains("registered '\(device.deviceName)'"), first)
        XCTAssertTrue(first.contains("encryption: on"), first)
        let (_, second) = await home("agent", "register")
        XCTAssertTrue(second.contains("nothing changed"), second)
        let (configured, config) = await home("agent", "config", "--json")
        XCTAssertEqual(configured, .success, config)
        XCTAssertTrue(config.contains("\"version\": \"2024.3.3\""), config)
    }
}
