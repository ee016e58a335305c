import Auth
import DeviceModel
import Essentials
import Foundation
import HomeAPI
import Networking
import XCTest

/// Signing in, refreshing, revoking and wiping against the real Home Assistant, through the Home API.
final class HomeSessionTests: XCTestCase {
    private var world: TemporaryHomeWorld!

    override func setUpWithError() throws {
        world = try TemporaryHomeWorld()
    }

    override func tearDown() {
        world.tearDown()
    }

    private func signIn(_ server: IntegrationEnvironment) async throws -> Home {
        try await Home.signIn(to: server.url, using: .password(PasswordAnswers(username: server.username, password: server.password)))
    }

    func testLoginFlowSignInStoresA0600SessionThatWorks() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await signIn(server)
        let states = try await home.states()
        XCTAssertGreaterThan(states.count, 50)
        let store = CredentialStore(folder: world.layout.configuration)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
        XCTAssertEqual(attributes[.posixPermissions] as? Int, 0o600)
        let stored = try XCTUnwrap(try store.session(for: home.server.description))
        XCTAssertEqual(stored.clientID, world.clientID)
        XCTAssertNotNil(stored.refreshToken)
        XCTAssertEqual(try Home.servers().map(\.server), [home.server.description])
        let restored = await Home.restoreSession()
        XCTAssertEqual(restored?.server, home.server)
        XCTAssertEqual(try restored?.cachedStates().count, states.count, "the list call filled the offline cache")
        let status = try await home.status()
        XCTAssertEqual(status.version, "2024.3.3")
        XCTAssertEqual(status.user, server.username)
        XCTAssertTrue(status.connection.hasPrefix("ready"), status.connection)
    }

    func testWrongPasswordIsAClearErrorAndStoresNothing() async throws {
        let server = try IntegrationEnvironment.require()
        let error = await expectHomeError(.permissionDenied) {
            try await Home.signIn(to: server.url, using: .password(PasswordAnswers(username: server.username, password: "not-the-password")))
        }
        XCTAssertEqual(error?.message, "wrong user name or password")
        XCTAssertTrue(try Home.servers().isEmpty)
        do {
            _ = try await LoginFlowClient(address: try ServerAddress(server.url))
                .signIn(clientID: world.clientID, redirectURI: world.clientID, answering: PasswordAnswers(username: "nobody", password: "x"))
            XCTFail("an unknown user signed in")
        } catch AuthError.invalidCredentials {}
    }

    func testBrowserCodeFlowWithTheTestPlayingTheBrowser() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await Home.signIn(to: server.url, using: .browser(timeout: 30) { url in
            await BrowserPlayer.play(url, server: server)
        })
        let states = try await home.states()
        XCTAssertGreaterThan(states.count, 50)
        let stored = try XCTUnwrap(try CredentialStore(folder: world.layout.configuration).session(for: home.server.description))
        XCTAssertTrue(stored.clientID.hasPrefix("http://127.0.0.1:"), "the browser flow's client id is the loopback origin")
    }

    func testBrowserAnswerWithAnotherStateIsRefused() async throws {
        let server = try IntegrationEnvironment.require()
        let error = await expectHomeError(.permissionDenied) {
            try await Home.signIn(to: server.url, using: .browser(timeout: 30) { url in
                await BrowserPlayer.play(url, server: server, state: "forged")
            })
        }
        XCTAssertTrue(error?.message.contains("state mismatch") ?? false, "\(String(describing: error))")
        XCTAssertTrue(try Home.servers().isEmpty)
    }

    func testRefreshGivesAWorkingTokenAndConcurrentCallsShareIt() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await signIn(server)
        let before = try await home.tokenProvider.accessToken(forceRefresh: false)
        // HA's tokens carry their issue time in seconds: wait so a new one differs.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        let provider = home.tokenProvider
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<5 { group.addTask { try await provider.accessToken(forceRefresh: true) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        XCTAssertEqual(tokens.count, 1, "five concurrent refreshes handed out one token")
        XCTAssertNotEqual(tokens.first, before)
        let stored = try CredentialStore(folder: world.layout.configuration).session(for: home.server.description)
        XCTAssertEqual(stored?.accessToken, tokens.first, "the refreshed token was stored")
        let rest = RESTClient(address: home.server, tokenProvider: StaticTokenProvider(try XCTUnwrap(tokens.first)))
        let status = try await rest.apiStatus()
        XCTAssertEqual(status, "API running.")
    }

    func testARejectedAccessTokenIsRefreshedOnceOverWebSocketAndREST() async throws {
        let server = try IntegrationEnvironment.require()
        let signedIn = try await signIn(server)
        let store = CredentialStore(folder: world.layout.configuration)
        let spoil = {
            var spoiled = try XCTUnwrap(try store.session(for: signedIn.server.description))
            spoiled.accessToken = "not.a.token"
            try store.save(spoiled, makeDefault: true)
        }
        try spoil()
        let overWebSocket = await Home.restoreSession()
        let connection = try XCTUnwrap(overWebSocket).connection()
        // The states it went through name the cause if it is not ready in time.
        let updates = await connection.stateUpdates()
        let history = Task { await updates.reduce(into: [String]()) { $0.append("\(Date()): \($1)") } }
        await connection.start()
        let config: JSONValue
        do {
            config = try await connection.send("get_config")
        } catch {
            await connection.stop()
            XCTFail("\(error); states: \(await history.value.joined(separator: "; "))")
            return
        }
        await connection.stop()
        XCTAssertEqual(config.objectValue?["version"], .string("2024.3.3"), "auth_invalid led to one refresh")
        XCTAssertNotEqual(try store.session(for: signedIn.server.description)?.accessToken, "not.a.token")

        try spoil()
        let overREST = await Home.restoreSession()
        let states = try await XCTUnwrap(overREST).states()
        XCTAssertGreaterThan(states.count, 50, "the 401 led to a refresh and a second try")
        XCTAssertNotEqual(try store.session(for: signedIn.server.description)?.accessToken, "not.a.token")
    }

    func testConnectRestoresAStoredSessionWithoutSigningIn() async throws {
        let server = try IntegrationEnvironment.require()
        let signedIn = try await signIn(server)
        let connected = try await Home.connect(to: server.url, using: .password(PasswordAnswers(username: "nobody", password: "wrong")))
        XCTAssertEqual(connected.server, signedIn.server)
        let states = try await connected.states()
        XCTAssertFalse(states.isEmpty)
    }

    func testStrictOperationValidationChecksServicesAndAutomationsTheReferencedTypes() async throws {
        let server = try IntegrationEnvironment.require()
        let clientID = world.clientID
        try Home.configure {
            $0.clientID = clientID
            $0.strictOperationValidation = true
            $0.referencedAutomationTypes = ReferencedAutomationTypes(deviceTypes: [.light], structureTraits: [.time])
        }
        let home = try await signIn(server)
        let unknown = await expectHomeError(.invalidArgument) { try await home.callService("light", "explode") }
        XCTAssertEqual(unknown?.message, "the server has no service light.explode")
        let automations = try await home.automations()
        do {
            try await automations.create(AutomationDraft(
                alias: "Unreferenced", starters: [.time(at: "07:00")], actions: [.service("input_boolean.turn_on", entityIDs: ["input_boolean.companion_test"], data: [:])]
            ))
            XCTFail("an input_boolean action was accepted with only lights referenced")
        } catch DeviceModelError.failedPrecondition(let message) {
            XCTAssertTrue(message.contains("input_boolean.companion_test (switch, on_off) is of no type or trait the configuration references"), message)
        }
        // A toggle changes the light whatever state earlier tests left it in, so the call answers with it.
        let changed = try await home.callService("light", "toggle", data: ["entity_id": .string("light.bed_light")])
        XCTAssertEqual(changed.first?.entityID, "light.bed_light")
    }

    func testAConnectionWithARevokedSessionStopsInsteadOfRetrying() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await signIn(server)
        var spoiled = try XCTUnwrap(try CredentialStore(folder: world.layout.configuration).session(for: home.server.description))
        spoiled.accessToken = "not.a.token"
        try CredentialStore(folder: world.layout.configuration).save(spoiled, makeDefault: true)
        let deleted = try await AdminConnection(server: server).revokeTokens(of: world.clientID)
        XCTAssertEqual(deleted, 1)
        let restored = await Home.restoreSession()
        let connection = try XCTUnwrap(restored).connection()
        let states = await connection.stateUpdates()
        await connection.start()
        let reason = try await within(20, "the connection to stop") {
            for await state in states {
                if case .disconnected(let reason?) = state, case .authenticationFailed = reason { return reason.description }
            }
            return "ended"
        }
        XCTAssertTrue(reason.contains("revoked"), reason)
        await connection.stop()
    }

    func testLogoutRevokesOnTheServerAndRemovesLocalData() async throws {
        let server = try IntegrationEnvironment.require()
        let home = try await signIn(server)
        _ = try await home.states()
        let stored = try XCTUnwrap(try CredentialStore(folder: world.layout.configuration).session(for: home.server.description))
        let revoked = await home.disconnect()
        XCTAssertTrue(revoked)
        do {
            _ = try await TokenEndpoint(address: home.server).refresh(refreshToken: try XCTUnwrap(stored.refreshToken), clientID: stored.clientID)
            XCTFail("the old refresh token still works after logout")
        } catch AuthError.revoked {}
        XCTAssertTrue(try Home.servers().isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.folders.cache.path))
        let restored = await Home.restoreSession()
        XCTAssertNil(restored)
    }

    func testRevokedFromTheServerSideThrowsPermissionDeniedAndWipesEverything() async throws {
        let server = try IntegrationEnvironment.require()
        let signedIn = try await signIn(server)
        _ = try await signedIn.states()
        // What later issues keep per server (queued webhooks, sensor settings) lives here too.
        try FileManager.default.createDirectory(at: signedIn.folders.data, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: signedIn.folders.data.appendingPathComponent("sensors.json"))
        XCTAssertTrue(world.files.contains { $0.contains("entities.sqlite") })
        let deleted = try await AdminConnection(server: server).revokeTokens(of: world.clientID)
        XCTAssertEqual(deleted, 1)

        let restoredBeforeUse = await Home.restoreSession()
        let home = try XCTUnwrap(restoredBeforeUse, "restoring reads only the local store")
        let error = await expectHomeError(.permissionDenied) { try await home.states() }
        XCTAssertTrue(error?.message.contains("was revoked") ?? false, "the user is told: \(String(describing: error))")
        XCTAssertEqual(world.files.filter { $0.contains("/servers/") }, [], "no data of the server is left")
        XCTAssertTrue(try Home.servers().isEmpty)
        let restored = await Home.restoreSession()
        XCTAssertNil(restored)
    }

    func testLocaleIsPersistedForTheUserAndRevertsWhenTheServerIsUnreachable() async throws {
        let server = try IntegrationEnvironment.require()
        XCTAssertNil(try Home.getLocale())
        try await Home.setLocale(Locale(identifier: "fr-CA"))
        XCTAssertEqual(try Home.getLocale()?.identifier(.bcp47), "fr-CA", "kept in memory before a session")
        let home = try await signIn(server)
        let savedAtSignIn = try await Self.serverLanguage(server)
        XCTAssertEqual(savedAtSignIn, "fr-CA", "the locale in memory was saved at sign-in")
        try await Home.setLocale(Locale(identifier: "de-DE"))
        let saved = try await Self.serverLanguage(server)
        XCTAssertEqual(saved, "de-DE")
        let readBack = try await home.persistedLocale()
        XCTAssertEqual(readBack?.identifier(.bcp47), "de-DE")
        // By its tag, as `home locale set` does (a program without Foundation's locales).
        try await Home.setLanguage("nl")
        XCTAssertEqual(try Home.getLanguage(), "nl")
        let tagged = try await Self.serverLanguage(server)
        XCTAssertEqual(tagged, "nl")
        let taggedBack = try await home.persistedLanguage()
        XCTAssertEqual(taggedBack, "nl")
        await expectHomeError(.invalidArgument) { try await Home.setLanguage("not a tag") }
        XCTAssertEqual(try Home.getLanguage(), "nl", "a refused tag changes nothing")
        try await Home.setLocale(Locale(identifier: "de-DE"))

        // The same session at an address where nothing listens.
        let store = CredentialStore(folder: world.layout.configuration)
        var moved = try XCTUnwrap(try store.session(for: home.server.description))
        moved.server = "http://127.0.0.1:9"
        try store.save(moved, makeDefault: true)
        _ = try await Home.restoreSession(server: moved.server)
        await expectHomeError(.unavailable) { try await Home.setLocale(Locale(identifier: "es-ES")) }
        XCTAssertEqual(try Home.getLocale()?.identifier(.bcp47), "de-DE", "the previous locale is back")
        let unchanged = try await Self.serverLanguage(server)
        XCTAssertEqual(unchanged, "de-DE")
    }

    /// The user's language as the frontend keeps it.
    private static func serverLanguage(_ server: IntegrationEnvironment) async throws -> String? {
        let answer = try await AdminConnection(server: server).send("frontend/get_user_data", ["key": .string("language")])
        guard case .string(let language)? = answer.objectValue?["value"]?.objectValue?["language"] else { return nil }
        return language
    }
}
