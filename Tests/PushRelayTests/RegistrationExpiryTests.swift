import Essentials
import Foundation
import Persistence
@testable import PushRelay
import XCTest

/// A registration nothing was sent to and no stream opened for 30 days (the default) is removed
/// with what waited for it; a send or a stream keeps it.
final class RegistrationExpiryTests: XCTestCase {
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("expiry-\(UUID().uuidString).sqlite")
    private var writer: BatchedWriter?

    override func tearDown() {
        Current = .live
        writer?.stop()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
    }

    private func service(_ clock: SettableClock) throws -> RelayService {
        let pool = try DatabasePool(url: file)
        var migrator = DatabaseMigrator()
        SQLiteRegistrationStore.registerMigrations(in: &migrator)
        _ = try migrator.migrate(pool)
        let writer = try BatchedWriter(pool: pool)
        self.writer = writer
        let registrations = try SQLiteRegistrationStore(pool: pool, writer: writer, limit: 100)
        Current.now = { clock.now }
        return RelayService(
            configuration: RelayConfiguration(dataFolder: FileManager.default.temporaryDirectory), limits: AllowingLimits(),
            delivery: StreamOnlyDelivery(), registrations: registrations, metrics: RelayMetrics()
        )
    }

    /// The reply, waiting for a deferred one; its status and JSON object.
    private func answer(_ service: RelayService, _ method: String, _ path: String, body: String = "", bearer: String? = nil) throws -> (Int, [String: JSONValue]) {
        var headers = ["content-type": "application/json"]
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        var reply = service.handle(RelayRequest(method: method, path: path, headers: headers, body: Array(body.utf8)))
        if case .deferred(let deferred) = reply {
            let deadline = Date().addingTimeInterval(10)
            while deferred.completedReply == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            reply = try XCTUnwrap(deferred.completedReply)
        }
        guard case .full(let status, _, let bytes) = reply else { return (reply.status ?? 0, [:]) }
        return (status, (try? JSONParser.parse(bytes))?.objectValue ?? [:])
    }

    private func register(_ service: RelayService) throws -> (token: String, secret: String) {
        let (status, body) = try answer(service, "POST", "/push/register", body: "{}")
        XCTAssertEqual(status, 201)
        return (try XCTUnwrap(body["push_token"]?.stringValue), try XCTUnwrap(body["stream_secret"]?.stringValue))
    }

    private func send(_ service: RelayService, to token: String) throws -> Int {
        try answer(service, "POST", "/push/send", body: RelayTestServer.push(token: token, message: "hi")).0
    }

    func testUnusedRegistrationsExpireAndUsedOnesStay() throws {
        let clock = SettableClock(Date(timeIntervalSince1970: 1_796_126_400))
        let service = try service(clock)
        defer { service.stop() }
        let idle = try register(service), sentTo = try register(service), streaming = try register(service)
        clock.advance(days: 20)
        XCTAssertEqual(try send(service, to: sentTo.token), 201)
        XCTAssertEqual(try answer(service, "GET", "/push/stream", bearer: streaming.secret).0, 200)
        clock.advance(days: 11)
        XCTAssertEqual(service.expireUnusedRegistrations(), 1, "31 days without a send or a stream")
        XCTAssertEqual(try send(service, to: idle.token), 404, "the expired push token is refused")
        XCTAssertEqual(try answer(service, "GET", "/push/stream", bearer: idle.secret).0, 401, "and its stream secret")
        XCTAssertEqual(try send(service, to: sentTo.token), 201, "a send 11 days ago keeps it")
        clock.advance(days: 29)
        XCTAssertEqual(service.expireUnusedRegistrations(), 1, "the stream opened 40 days ago no longer keeps it")
        XCTAssertEqual(try answer(service, "GET", "/push/stream", bearer: streaming.secret).0, 401)
        XCTAssertEqual(try send(service, to: sentTo.token), 201, "sent to 29 days ago")
    }
}
