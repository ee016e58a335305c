import Foundation
import LoopbackTestSupport
import Thread
import XCTest

/// Signing out, and the server revoking access, leave nothing the server gave behind: the Thread
/// network keys imported from it (not ours), this machine's registration at its push relay, and
/// a running agent that finds out wipes and stops. Against the real Home Assistant and relay.
final class ServerForgettingTests: XCTestCase {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("forgetting-\(UUID().uuidString)")
    private let clientID = "http://127.0.0.1/forgetting-\(UUID().uuidString.prefix(8))"
    private var relay: RelayProcess?
    private var agent: Process?

    override func tearDown() {
        if let agent, agent.isRunning {
            kill(agent.processIdentifier, SIGKILL)
            agent.waitUntilExit()
        }
        relay?.stop()
        try? FileManager.default.removeItem(at: root)
    }

    /// Signs in, registers with a relay, makes a network here and imports one the server has.
    private func prepare(_ server: IntegrationEnvironment) async throws -> (home: HomeProcess, relay: RelayProcess, theirs: String, ours: String) {
        let relay = try RelayProcess()
        self.relay = relay
        let home = HomeProcess(root: root, environment: ["HOME_CLIENT_ID": clientID])
        let login = try home.run(["login", server.url, "--username", server.username, "--password-stdin"], input: server.password)
        XCTAssertEqual(login.0, 0, login.1)
        let registered = try home.run(["agent", "register", "--relay", "http://127.0.0.1:\(relay.port)/push/send"])
        XCTAssertEqual(registered.0, 0, registered.1)
        let device = DeviceInfoName.current
        addTeardownBlock { try? await PushRelayEndToEndTests.removeEntry(titled: device, server: server) }
        var generator = DatasetGenerator()
        let given = try generator.make(name: "Given \(Int.random(in: 100...999))")
        let admin = AdminConnection(server: server)
        _ = try await admin.send("thread/add_dataset_tlv", ["source": .string("test"), "tlv": .string(given.hex)])
        let theirs = ThreadCredentialStore.identifier(of: given)
        addTeardownBlock { try? await Self.deleteFromServer(theirs, server: server) }
        let made = try home.run(["thread", "new", "--name", "Ours", "--json"])
        XCTAssertEqual(made.0, 0, made.1)
        let ours = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(made.1.utf8)) as? [String: Any])?["id"] as? String, made.1)
        let imported = try home.run(["thread", "import"])
        XCTAssertEqual(imported.0, 0, imported.1)
        XCTAssertEqual(Set(try store().all().map(\.id)).intersection([theirs, ours]), [theirs, ours])
        return (home, relay, theirs, ours)
    }

    private func store() throws -> ThreadCredentialStore {
        try ThreadCredentialStore(folder: root.appendingPathComponent(".local/share/home-companion/thread"))
    }

    /// The relay's answer to this machine's stream secret.
    private func streamStatus(_ relay: RelayProcess) throws -> String {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        XCTAssertFalse(files.contains { $0.lastPathComponent == "relay.json" }, "the relay credentials are gone")
        return String(try streamAnswer(relay).prefix(12))
    }

    private var secret = ""

    private func streamAnswer(_ relay: RelayProcess) throws -> String {
        let connection = try RawConnection(port: relay.port)
        connection.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(secret)\r\nConnection: close\r\n\r\n")
        return connection.read(until: "\r\n\r\n", timeout: 5)
    }

    private func rememberSecret() throws {
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let file = try XCTUnwrap(files.first { $0.lastPathComponent == "relay.json" })
        secret = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])?["streamSecret"] as? String)
        XCTAssertTrue(try streamAnswer(try XCTUnwrap(relay)).hasPrefix("HTTP/1.1 200"), "the secret opens the stream before")
    }

    private static func deleteFromServer(_ extendedPANID: String, server: IntegrationEnvironment) async throws {
        let admin = AdminConnection(server: server)
        guard case .array(let datasets)? = try await admin.send("thread/list_datasets").objectValue?["datasets"] else { return }
        for dataset in datasets where dataset.objectValue?["extended_pan_id"]?.stringValue?.lowercased() == extendedPANID {
            if case .string(let id)? = dataset.objectValue?["dataset_id"] { _ = try? await admin.send("thread/delete_dataset", ["dataset_id": .string(id)]) }
        }
    }

    func testLogoutRemovesTheServersThreadKeysAndTheRelayRegistration() async throws {
        let server = try IntegrationEnvironment.require()
        let (home, relay, theirs, ours) = try await prepare(server)
        try rememberSecret()
        let logout = try home.run(["logout"])
        XCTAssertEqual(logout.0, 0, logout.1)
        let left = try store().all()
        XCTAssertFalse(left.contains { $0.id == theirs }, "the network key the server gave is gone")
        XCTAssertEqual(left.first { $0.id == ours }?.servers, [], "ours stays, no longer linked")
        XCTAssertEqual(try streamStatus(relay), "HTTP/1.1 401", "the relay forgot this machine")
    }

    func testARunningAgentThatFindsAccessRevokedWipesEverythingAndStops() async throws {
        let server = try IntegrationEnvironment.require()
        let (home, relay, theirs, ours) = try await prepare(server)
        try rememberSecret()
        let (agent, log) = try home.start(["agent", "--interval", "1"])
        self.agent = agent
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while !text.contains("reporting every"), Date() < deadline { text += String(decoding: log.fileHandleForReading.availableData, as: UTF8.self) }
        XCTAssertTrue(text.contains("reporting every"), text)
        let revoked = try await AdminConnection(server: server).revokeTokens(of: clientID)
        XCTAssertEqual(revoked, 1)
        let ended = Date().addingTimeInterval(20)
        while agent.isRunning, Date() < ended { usleep(100_000) }
        XCTAssertFalse(agent.isRunning, "the agent stops once it finds access revoked")
        text += String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertNotEqual(agent.terminationStatus, 0)
        XCTAssertTrue(text.contains("stopping: ") && text.contains("was revoked"), text)
        let left = try store().all()
        XCTAssertFalse(left.contains { $0.id == theirs }, "the network key the server gave is gone")
        XCTAssertNotNil(left.first { $0.id == ours }, "ours stays")
        XCTAssertEqual(try streamStatus(relay), "HTTP/1.1 401", "the relay forgot this machine")
        XCTAssertEqual(try home.run(["servers"]).1, "no servers; sign in with 'home login URL'\n")
    }
}
