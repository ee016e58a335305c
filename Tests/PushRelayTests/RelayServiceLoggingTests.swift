import Essentials
import EssentialsTestSupport
import Foundation
@testable import PushRelay
import XCTest

/// The relay logs what an operator needs (a failed delivery, an internal error) with the push
/// token masked.
final class RelayServiceLoggingTests: XCTestCase {
    func testAFailedDeliveryIsLoggedWithoutThePushToken() throws {
        let recorder = LogRecorder()
        var configuration = RelayConfiguration(dataFolder: FileManager.default.temporaryDirectory)
        configuration.allowedAppIDs = []
        let service = RelayService(
            configuration: configuration, limits: AllowingLimits(), delivery: StreamOnlyDelivery(), registrations: NoRegistrations(),
            routes: [ProviderRoute(id: "refusing", appIDs: ["io.example.app"], provider: RefusingProvider())], metrics: RelayMetrics(),
            logger: recorder.logger(label: "push-relay", level: .warning)
        )
        let token = "device-token-0123456789"
        let body = #"{"push_token": "\#(token)", "registration_info": {"app_id": "io.example.app", "app_version": "1", "os_version": "1"}, "message": "Hi"}"#
        guard case .deferred(let deferred) = service.handle(RelayRequest(method: "POST", path: "/push/send", headers: ["content-type": "application/json"], body: Array(body.utf8))) else {
            return XCTFail("a provider send is answered once the provider's thread has it")
        }
        let deadline = Date().addingTimeInterval(10)
        while deferred.completedReply == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        defer { service.stop() }
        XCTAssertEqual(deferred.completedReply?.status, 500)
        XCTAssertEqual(recorder.lines.count, 1, "\(recorder.lines)")
        let line = try XCTUnwrap(recorder.lines.first)
        XCTAssertTrue(line.hasPrefix("[warning] push-relay: delivery through refusing to <redacted> failed: the push service answered 503"), line)
        XCTAssertFalse(line.contains(token))
    }
}
