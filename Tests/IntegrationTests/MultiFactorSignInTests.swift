import Auth
import CLIKit
import CLIKitTestSupport
import Foundation
import HomeAPI
import HomeCLI
import Networking
import XCTest

/// A user with an authenticator app (TOTP): the login flow's code step is shown and answered,
/// not assumed away. The user is made for the test and deleted after it.
final class MultiFactorSignInTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    private func home(_ arguments: [String], input: [String]) async -> (code: ExitCode, out: String, error: String) {
        let recorder = ConsoleRecorder(input: input)
        let code = await HomeApp.run(arguments, console: recorder.console())
        return (code, recorder.out, recorder.error)
    }

    func testTheCodeStepIsAskedForAndAnswered() async throws {
        let server = try IntegrationEnvironment.require()
        let admin = AdminConnection(server: server)
        let username = "mfa-\(UUID().uuidString.prefix(6).lowercased())", password = "mfa-password-\(UUID().uuidString)"
        let created = try await admin.send("config/auth/create", ["name": .string(username), "group_ids": .array([.string("system-admin")])])
        guard case .string(let userID)? = created.objectValue?["user"]?.objectValue?["id"] else { return XCTFail("no user id in \(created)") }
        addTeardownBlock { _ = try? await admin.send("config/auth/delete", ["user_id": .string(userID)]) }
        _ = try await admin.send("config/auth_provider/homeassistant/create", [
            "user_id": .string(userID), "username": .string(username), "password": .string(password),
        ])
        let secret = try await enableAuthenticatorApp(server: server, username: username, password: password)

        let signIn = ["login", server.url, "--username", username, "--password-stdin"]
        let noCode = await home(signIn, input: [password])
        XCTAssertEqual(noCode.code, .failure)
        XCTAssertTrue(noCode.error.contains("The server asks for 'code' (step 'mfa')"), noCode.error)
        XCTAssertTrue(noCode.error.contains("asks for more at step 'mfa'"), noCode.error)

        let wrongCode = await home(signIn, input: [password, "000000"])
        XCTAssertEqual(wrongCode.code, .failure)
        XCTAssertTrue(wrongCode.error.contains("That code was not accepted; try again."), wrongCode.error)
        XCTAssertTrue(try Home.servers().isEmpty)

        let signedIn = await home(signIn, input: [password, try VenvPython.totp(secret)])
        XCTAssertEqual(signedIn.code, .success, signedIn.error)
        let status = await home(["status", "--json"], input: [])
        XCTAssertTrue(status.out.contains("\"user\" : \"\(username)\""), status.out)
    }

    /// Runs the TOTP setup flow as the user, as the profile page does; returns the secret.
    private func enableAuthenticatorApp(server: IntegrationEnvironment, username: String, password: String) async throws -> String {
        let home = try await Home.signIn(to: server.url, using: .password(PasswordAnswers(username: username, password: password)))
        let connection = home.connection()
        await connection.start()
        let form = try await connection.send("auth/setup_mfa", ["mfa_module_id": .string("totp")])
        guard case .string(let flowID)? = form.objectValue?["flow_id"],
              case .string(let secret)? = form.objectValue?["description_placeholders"]?.objectValue?["code"] else {
            await connection.stop()
            throw HTTPExchangeError(message: "no TOTP setup form: \(form)")
        }
        let done = try await connection.send("auth/setup_mfa", ["flow_id": .string(flowID), "user_input": .object(["code": .string(try VenvPython.totp(secret))])])
        await connection.stop()
        XCTAssertEqual(done.objectValue?["type"], .string("create_entry"), "\(done)")
        await home.disconnect()
        return secret
    }
}
