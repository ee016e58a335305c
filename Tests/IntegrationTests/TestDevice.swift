import Agent
import Auth
import Foundation
import HomeAPI
import XCTest

/// A device of its own for one test: signed in to the test server with the password, a unique
/// name, and its integration removed when the test ends. Not registered until a test does it.
struct TestDevice {
    let home: Home
    let name: String
    let device: DeviceInfo

    static func make(_ prefix: String, server: IntegrationEnvironment, test: XCTestCase) async throws -> TestDevice {
        let home = try await Home.signIn(to: server.url, using: .password(PasswordAnswers(username: server.username, password: server.password)))
        let name = "\(prefix)-\(UUID().uuidString.prefix(6).lowercased())"
        test.addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: name, server: server) }
        let device = DeviceInfo(deviceID: "id-\(name)", deviceName: name, manufacturer: "HomeCompanion", model: "Test", osName: "Debian GNU/Linux", osVersion: "12")
        return TestDevice(home: home, name: name, device: device)
    }

    /// The registrar for this device at `version`.
    func registrar(version: String = "0.1.0") -> MobileAppRegistrar {
        MobileAppRegistrar(home: home, appVersion: version, device: device)
    }
}
