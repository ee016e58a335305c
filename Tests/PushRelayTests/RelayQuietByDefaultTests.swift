import Essentials
import EssentialsTestSupport
import Foundation
import LoopbackTestSupport
@testable import PushRelay
import XCTest

/// What the relay tells a stranger: metrics only to this machine unless it has a token, no
/// internal error text, no answer a cache may keep, and no POST a web page can make across sites.
final class RelayQuietByDefaultTests: XCTestCase {
    private func service(
        registrations: any RegistrationStore = NoRegistrations(), _ configure: (inout RelayConfiguration) -> Void = { _ in }
    ) -> (RelayService, LogRecorder) {
        var configuration = RelayConfiguration(dataFolder: FileManager.default.temporaryDirectory)
        configure(&configuration)
        let recorder = LogRecorder()
        let service = RelayService(
            configuration: configuration, limits: AllowingLimits(), delivery: StreamOnlyDelivery(), registrations: registrations,
            metrics: RelayMetrics(), logger: recorder.logger(label: "push-relay", level: .warning)
        )
        return (service, recorder)
    }

    private func message(_ reply: HTTPReply) -> String {
        guard case .full(_, _, let body) = reply else { return "" }
        return (try? JSONParser.parse(body))?.objectValue?["message"]?.stringValue ?? ""
    }

    func testMetricsWithoutATokenAnswerOnlyThisMachine() {
        let (service, _) = service()
        defer { service.stop() }
        XCTAssertEqual(service.handle(RelayRequest(method: "GET", path: "/metrics", clientAddress: "127.0.0.1")).status, 200)
        let stranger = service.handle(RelayRequest(method: "GET", path: "/metrics", clientAddress: "203.0.113.7"))
        XCTAssertEqual(stranger.status, 403)
        XCTAssertTrue(message(stranger).contains("metrics_token_file"), message(stranger))
        let (open, _) = self.service { $0.metricsPublic = true }
        defer { open.stop() }
        XCTAssertEqual(open.handle(RelayRequest(method: "GET", path: "/metrics", clientAddress: "203.0.113.7")).status, 200)
        let (guarded, _) = self.service { $0.metricsToken = "metrics-token-0123456789" }
        defer { guarded.stop() }
        XCTAssertEqual(guarded.handle(RelayRequest(method: "GET", path: "/metrics", clientAddress: "127.0.0.1")).status, 401, "a token is asked of everyone")
        let bearer = ["authorization": "Bearer metrics-token-0123456789"]
        XCTAssertEqual(guarded.handle(RelayRequest(method: "GET", path: "/metrics", headers: bearer, clientAddress: "203.0.113.7")).status, 200)
    }

    func testAPostThatIsNotDeclaredJSONIsRefusedBeforeAnythingHappens() {
        let (service, _) = service()
        defer { service.stop() }
        for contentType in [nil, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx"] {
            let headers = contentType.map { ["content-type": $0] } ?? [:]
            let reply = service.handle(RelayRequest(method: "POST", path: "/push/register", headers: headers, body: Array("{}".utf8)))
            XCTAssertEqual(reply.status, 415, contentType ?? "no Content-Type")
            XCTAssertTrue(message(reply).contains("Content-Type: application/json"), message(reply))
        }
        let declared = service.handle(RelayRequest(
            method: "POST", path: "/rate_limits/check", headers: ["content-type": "Application/JSON; charset=utf-8"], body: Array("{}".utf8)
        ))
        XCTAssertEqual(declared.status, 400, "JSON with parameters is JSON; this one lacks its push_token")
    }

    func testAnInternalFailureIsLoggedAndNotTold() {
        let (service, recorder) = service(registrations: BrokenRegistrations())
        defer { service.stop() }
        let body = #"{"push_token": "t-0123456789", "registration_info": {"app_id": "io.homecompanion.linux", "app_version": "1", "os_version": "1"}, "message": "Hi"}"#
        let reply = service.handle(RelayRequest(method: "POST", path: "/push/send", headers: ["content-type": "application/json"], body: Array(body.utf8)))
        XCTAssertEqual(reply.status, 500)
        XCTAssertEqual(message(reply), RelayService.internalError)
        XCTAssertFalse(message(reply).contains("/var/lib"))
        XCTAssertTrue(recorder.lines.contains { $0.contains("disk I/O error reading /var/lib/push-relay") }, "\(recorder.lines)")
    }

    func testEveryAnswerTellsCachesNotToKeepIt() throws {
        let relay = try RelayTestServer()
        defer { relay.stop() }
        for request in ["GET /healthz HTTP/1.1\r\n", "GET /nowhere HTTP/1.1\r\n", "POST /push/register HTTP/1.1\r\nContent-Length: 2\r\n"] {
            let connection = try RawConnection(port: relay.port)
            connection.send(request + "Host: x\r\n\r\n" + (request.hasPrefix("POST") ? "{}" : ""))
            let answer = connection.read(until: "\r\n\r\n", timeout: 5)
            XCTAssertTrue(answer.contains("\r\nCache-Control: no-store\r\n"), answer)
        }
    }
}
