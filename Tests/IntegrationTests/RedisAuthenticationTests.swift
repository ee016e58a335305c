import Foundation
import FoundationNetworking
import LoopbackTestSupport
import XCTest

/// The relay on a Redis that wants a password and speaks only TLS (a real redis-server): it
/// connects with `rediss://`, the password from a file, the certificate checked against the CA
/// file; a wrong password, an untrusted certificate or plain TCP are clear errors at start that
/// never show the password. A Redis Cluster likewise: every node reached with the same password
/// and TLS.
final class RedisAuthenticationTests: XCTestCase {
    private var redis: RedisTestServer?
    private var cluster: RedisTestCluster?
    private var relays: [RelayProcess] = []
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("redis-auth-\(UUID().uuidString)")
    private static let password = "correct-horse-battery-staple-0123"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        relays.forEach { $0.stop() }
        redis?.stop()
        cluster?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func passwordFile(_ password: String) throws -> String {
        let file = folder.appendingPathComponent("password-\(UUID().uuidString)").path
        try (password + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        return file
    }

    /// A relay process on the Redis, or what it said when it would not start.
    private func start(_ settings: [String: String]) -> Result<RelayProcess, Error> {
        Result {
            let relay = try RelayProcess(settings)
            relays.append(relay)
            return relay
        }
    }

    func testTheRelayWorksOverTLSWithAPasswordAndRefusesWhatItShouldNotTrust() async throws {
        let certificate = try TestCertificate(in: folder, name: "redis")
        let redis = try RedisTestServer(password: Self.password, tls: certificate)
        self.redis = redis
        let settings = ["redis_url": redis.url, "redis_password_file": try passwordFile(Self.password), "redis_ca_file": certificate.certificate]
        let relay = try start(settings).get()
        let device = try await relay.register()
        let client = try RawConnection(port: relay.port)
        client.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
        XCTAssertTrue(client.read(until: "event: ready", timeout: 5).contains("ready"))
        let push: [String: Any] = ["push_token": device.token, "registration_info": ["app_id": "io.homecompanion.linux", "app_version": "1"], "message": "over TLS"]
        let sent = try await HTTPExchange.send("POST", relay.url("/push/send"), json: push)
        XCTAssertEqual(sent.status, 201)
        XCTAssertTrue(client.read(until: "over TLS", timeout: 5).contains("over TLS"), "delivered through Redis's pub/sub over TLS")

        func refusal(_ settings: [String: String]) -> String {
            guard case .failure(let error) = start(settings) else { return "started" }
            return "\(error)"
        }
        let wrong = refusal(settings.merging(["redis_password_file": try passwordFile("not-the-password-at-all-0123")]) { $1 })
        XCTAssertTrue(wrong.contains("refused the password"), wrong)
        XCTAssertFalse(wrong.contains("not-the-password"), "the password is never told")
        let none = refusal(settings.filter { $0.key != "redis_password_file" })
        XCTAssertTrue(none.contains("NOAUTH"), none)
        let stranger = try TestCertificate(in: folder, name: "stranger")
        let untrusted = refusal(settings.merging(["redis_ca_file": stranger.certificate]) { $1 })
        XCTAssertTrue(untrusted.contains("certificate"), untrusted)
        let plain = refusal(["redis_url": "redis://127.0.0.1:\(redis.port)/0", "redis_password_file": settings["redis_password_file"]!])
        XCTAssertNotEqual(plain, "started", "plain TCP to a TLS port does not work")
    }

    func testTheRelayReachesEveryNodeOfAClusterOverTLSWithAPassword() async throws {
        let certificate = try TestCertificate(in: folder, name: "redis-cluster")
        let cluster = try RedisTestCluster(password: Self.password, tls: certificate)
        self.cluster = cluster
        let settings = ["redis_url": cluster.url(seeds: 1), "redis_password_file": try passwordFile(Self.password), "redis_ca_file": certificate.certificate]
        let relay = try start(settings).get()
        var devices: [(token: String, secret: String)] = []
        for index in 0..<20 {
            let device = try await relay.register()
            let push: [String: Any] = ["push_token": device.token, "registration_info": ["app_id": "io.homecompanion.linux", "app_version": "1"], "message": "tls \(index)"]
            let sent = try await HTTPExchange.send("POST", relay.url("/push/send"), json: push)
            XCTAssertEqual(sent.status, 201, String(decoding: sent.body, as: UTF8.self))
            devices.append(device)
        }
        for (index, device) in devices.enumerated() {
            let client = try RawConnection(port: relay.port)
            client.send("GET /push/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(device.secret)\r\n\r\n")
            XCTAssertTrue(client.read(until: "tls \(index)\"", timeout: 5).contains("tls \(index)\""), "device \(index)")
        }
        let nodesWithQueues = try cluster.primaries().filter { !(try cluster.call($0.port, ["KEYS", "push-relay:{g*}:queue:*"]).isEmpty) }
        XCTAssertGreaterThanOrEqual(nodesWithQueues.count, 2, "the relay used more than the seed")

        let wrong = start(settings.merging(["redis_password_file": try passwordFile("not-the-password-at-all-0123")]) { $1 })
        guard case .failure(let error) = wrong else { return XCTFail("started with a wrong password") }
        XCTAssertTrue("\(error)".contains("WRONGPASS") || "\(error)".contains("refused the password"), "\(error)")
        XCTAssertFalse("\(error)".contains("not-the-password"), "the password is never told")
        guard case .failure = start(settings.filter { $0.key != "redis_ca_file" }) else { return XCTFail("trusted a certificate no CA it knows signed") }
    }

    func testAPasswordInTheURLWorksAndIsNotPrinted() async throws {
        let redis = try RedisTestServer(password: Self.password)
        self.redis = redis
        let relay = try start(["redis_url": "redis://:\(Self.password)@127.0.0.1:\(redis.port)/0", "log_level": "debug"]).get()
        _ = try await relay.register()
        XCTAssertFalse(relay.banner.contains(Self.password))
        XCTAssertFalse(relay.errorText.contains(Self.password), relay.errorText)
    }
}
